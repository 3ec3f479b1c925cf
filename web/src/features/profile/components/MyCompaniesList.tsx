import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Button, Empty, Flex, List, Result, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyCompaniesQuery } from '../../../gql/graphql';
import { MY_COMPANIES } from '../graphql/myCompanies';

/** Companies loaded per page on MyProfile. */
export const MY_COMPANIES_PAGE_SIZE = 30;

export type MyCompany = MyCompaniesQuery['companies']['collection'][number];

export interface MyCompaniesListProps {
  /** The company's name as a link (in the app, or on the company's own domain). */
  readonly link: (company: MyCompany) => ReactNode;
}

/**
 * The viewer's companies, paged on the server: the next page loads when the end of the list scrolls into view
 * (or with the "show more" button, for keyboards and when the browser cannot tell).
 */
export function MyCompaniesList({ link }: MyCompaniesListProps) {
  const { t } = useTranslation('profile');
  const { data, error, networkStatus, fetchMore, refetch } = useQuery(MY_COMPANIES, {
    variables: { page: 1, limit: MY_COMPANIES_PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const rows = data?.companies.collection ?? [];
  const total = data?.companies.totalCount ?? 0;
  const hasMore = rows.length < total;

  const loadMore = () => {
    if (!hasMore || loadingMore) return;
    setLoadingMore(true);
    fetchMore({
      variables: { page: Math.floor(rows.length / MY_COMPANIES_PAGE_SIZE) + 1 },
      updateQuery: (prev, { fetchMoreResult }) => ({
        companies: {
          ...fetchMoreResult.companies,
          collection: [...prev.companies.collection, ...fetchMoreResult.companies.collection],
        },
      }),
    })
      .catch(() => undefined)
      .finally(() => setLoadingMore(false));
  };
  const loadMoreRef = useRef(loadMore);
  loadMoreRef.current = loadMore;

  useEffect(() => {
    const node = end.current;
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMoreRef.current();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, rows.length]);

  if (error && !data) {
    return (
      <Result
        status="warning"
        title={t('companies.load_failed')}
        extra={<Button onClick={() => void refetch()}>{t('companies.retry')}</Button>}
      />
    );
  }
  if (networkStatus === NetworkStatus.loading && !data) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('companies.empty')} />;

  return (
    <Flex vertical gap={8}>
      <List
        dataSource={rows}
        rowKey={(c) => c.uuid}
        renderItem={(c) => (
          <List.Item>
            <Flex gap={8} wrap align="center" style={{ minWidth: 0 }}>
              {link(c)}
              {c.businessId ? <Typography.Text type="secondary">{c.businessId}</Typography.Text> : null}
              {c.categories.map((cat) => (
                <Tag key={cat.id}>{cat.name}</Tag>
              ))}
            </Flex>
          </List.Item>
        )}
      />
      <div ref={end} />
      {hasMore ? (
        <Button onClick={loadMore} loading={loadingMore} style={{ alignSelf: 'center' }}>
          {t('companies.show_more', { count: total - rows.length })}
        </Button>
      ) : null}
    </Flex>
  );
}
