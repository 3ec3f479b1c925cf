import VirtualList from '@rc-component/virtual-list';
import { Button, Empty, Flex, Spin, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useElementHeight } from '../../../shared/hooks/useElementHeight';
import { LazyAlert } from '../../../shared/ui/lazyAntd';
import type { Folder } from '../../task-list';
import type { InboxThread } from './hooks/useInboxThreads';
import { THREAD_CARD_HEIGHT, ThreadCard } from './ThreadCard';
import { overdueState } from '../../task-list';
import { buildRows, type DividerRow, type ListRow } from './threadRows';
import { formatLongDate } from '../../../app/i18n/dates';
import { useScrollLoader } from '../../../shared/paging/scrollLoading';

export interface ThreadListProps {
  readonly threads: readonly InboxThread[];
  readonly folder: Folder;
  readonly openId: string | null;
  readonly isSelected: (id: string) => boolean;
  readonly selectable: boolean;
  readonly showCompany: boolean;
  readonly showResponsible: boolean;
  readonly hasMore: boolean;
  readonly loadingMore: boolean;
  readonly loadMoreError: boolean;
  readonly onLoadMore: () => void;
  /** Search hits' matching text by thread. */
  readonly highlights?: ReadonlyMap<string, { readonly highlight: string }>;
  /** A thread's address, for its card's link. */
  readonly hrefOf: (thread: InboxThread) => string;
  readonly onOpen: (thread: InboxThread) => void;
  readonly onToggleSelected: (thread: InboxThread) => void;
  /** Touch-sized cards of the mobile inbox. */
  readonly mobile?: boolean;
  /** The list's height in pixels; measured from the container when not given. */
  readonly height?: number;
}

type Row = ListRow<InboxThread> | { readonly kind: 'footer'; readonly key: string };

const DIVIDER_HEIGHT = 32;
/** The height used until the container is measured (and in jsdom, which has no layout). */
const FALLBACK_HEIGHT = 640;

function Divider({ row }: { readonly row: DividerRow }) {
  const { t } = useTranslation('inbox');
  const { token } = theme.useToken();
  const label =
    row.divider === 'date' && row.day ? formatLongDate(row.day) : t(`list.divider.${row.divider as 'today'}`);
  return (
    <div
      role="presentation"
      data-testid="date-divider"
      style={{
        height: DIVIDER_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        paddingInline: 12,
        background: token.colorFillQuaternary,
        borderBottom: `1px solid ${token.colorSplit}`,
      }}
    >
      <Typography.Text strong type={row.divider === 'overdue' ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
    </div>
  );
}

/**
 * The sidebar's threads under date dividers, virtualised: only the rows in view (and a
 * few around them) are mounted, however many pages are loaded. Scrolling near the end
 * loads the next page; a failed page offers a retry.
 */
export function ThreadList({
  threads,
  folder,
  openId,
  isSelected,
  selectable,
  mobile = false,
  showCompany,
  showResponsible,
  hasMore,
  loadingMore,
  loadMoreError,
  onLoadMore,
  highlights,
  hrefOf,
  onOpen,
  onToggleSelected,
  height,
}: ThreadListProps) {
  const { t } = useTranslation('inbox');
  const [measureRef, measured] = useElementHeight();
  const listHeight = height ?? (measured > 0 ? measured : FALLBACK_HEIGHT);
  const rows = useMemo<Row[]>(() => {
    const now = dayjs();
    const list: Row[] = buildRows(threads, folder, now);
    if (hasMore || loadingMore || loadMoreError) list.push({ kind: 'footer', key: 'footer' });
    return list;
  }, [threads, folder, hasMore, loadingMore, loadMoreError]);
  const now = useMemo(() => dayjs(), [threads]);

  const loadNear = useScrollLoader('end', { hasMore, busy: loadingMore, load: onLoadMore });
  const onScroll = (event: UIEvent<HTMLElement>) => loadNear(event.currentTarget);

  // A first page shorter than the list cannot be scrolled: load on until it fills.
  const contentHeight = threads.length * THREAD_CARD_HEIGHT;
  useEffect(() => {
    if (hasMore && !loadingMore && !loadMoreError && measured > 0 && contentHeight < measured) onLoadMore();
  }, [hasMore, loadingMore, loadMoreError, measured, contentHeight, onLoadMore]);

  if (threads.length === 0 && !hasMore) {
    return (
      <Flex ref={measureRef} vertical justify="center" style={{ flex: 1, minHeight: 200 }}>
        <Empty description={t(folder === 'search' ? 'list.no_results' : 'list.empty')} />
      </Flex>
    );
  }

  return (
    <div ref={measureRef} style={{ flex: 1, minHeight: 0 }} role="list" aria-label={t('list.label')}>
      <VirtualList<Row>
        data={rows}
        height={listHeight}
        itemHeight={THREAD_CARD_HEIGHT}
        itemKey="key"
        onScroll={onScroll}
      >
        {(row) => {
          if (row.kind === 'divider') return <Divider row={row} />;
          if (row.kind === 'footer') {
            return (
              <Flex justify="center" style={{ padding: 12 }}>
                {loadMoreError ? (
                  <LazyAlert
                    type="error"
                    showIcon
                    title={t('list.load_failed')}
                    action={
                      <Button size="small" onClick={onLoadMore}>
                        {t('list.retry')}
                      </Button>
                    }
                  />
                ) : (
                  <span role="status" aria-label={t('list.loading_more')}>
                    <Spin size="small" />
                  </span>
                )}
              </Flex>
            );
          }
          return (
            <div role="listitem">
              <ThreadCard
                thread={row.thread}
                open={row.thread.uuid === openId}
                selected={isSelected(row.thread.uuid)}
                selectable={selectable}
                mobile={mobile}
                overdue={overdueState(row.thread, folder, now)}
                showCompany={showCompany}
                showResponsible={showResponsible}
                highlight={highlights?.get(row.thread.uuid)?.highlight ?? null}
                href={hrefOf(row.thread)}
                onOpen={onOpen}
                onToggleSelected={onToggleSelected}
              />
            </div>
          );
        }}
      </VirtualList>
    </div>
  );
}
