import { Button, Flex, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { END_ROOT_MARGIN, useThrottled } from './scrollLoading';
import type { NextPage } from './useNextPage';

export interface LoadMoreFooterProps {
  readonly next: NextPage;
  /** Rows loaded: the end is watched afresh after each page, since a short page can leave it in view. */
  readonly loaded: number;
  /** The list had more than one page: its end says that everything is shown. */
  readonly paged: boolean;
  readonly total: number;
  /** The button that loads the next page (for keyboards, and where the browser cannot tell the end is seen). */
  readonly moreLabel: string;
}

/**
 * The end of an infinitely loaded list: it loads the next page when it comes within 0.4 of the
 * viewport's height of the view (at most once a second), shows a
 * loading row meanwhile, a retry when the page failed, and at the end that every row is shown.
 */
export function LoadMoreFooter({ next, loaded, paged, total, moreLabel }: LoadMoreFooterProps) {
  const { t } = useTranslation('common');
  const end = useRef<HTMLDivElement>(null);
  // At most one page a second from scrolling (the latest loadMore, which knows what is loaded).
  const loadMore = useThrottled(next.loadMore);
  const watch = next.hasMore && !next.failed;

  useEffect(() => {
    const node = end.current;
    if (!node || !watch || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) loadMore();
      },
      { rootMargin: END_ROOT_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [watch, loaded, loadMore]);

  let content = null;
  if (next.loadingMore) {
    content = (
      <Flex role="status" justify="center" align="center" gap={8}>
        <Spin size="small" />
        <Typography.Text type="secondary">{t('list.loading_more')}</Typography.Text>
      </Flex>
    );
  } else if (next.hasMore) {
    content = (
      <Flex vertical align="center" gap={4}>
        {next.failed ? <Typography.Text type="danger">{t('list.load_more_failed')}</Typography.Text> : null}
        <Button onClick={next.loadMore}>{next.failed ? t('actions.retry') : moreLabel}</Button>
      </Flex>
    );
  } else if (paged) {
    content = (
      <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
        {t('list.all_shown', { count: total })}
      </Typography.Text>
    );
  }

  return (
    <Flex vertical>
      <div ref={end} aria-hidden data-testid="list-end" />
      {content}
    </Flex>
  );
}
