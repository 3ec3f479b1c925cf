import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Button, Empty, Flex, List, Result, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyCompaniesQuery, MyCompaniesQueryVariables } from '../../../gql/graphql';
import { LoadMoreFooter } from '../../../shared/paging/LoadMoreFooter';
import { appendPage, useNextPage } from '../../../shared/paging/useNextPage';
import { MY_COMPANIES } from '../graphql/myCompanies';

/** Companies loaded per page on MyProfile. */
export const MY_COMPANIES_PAGE_SIZE = 30;

const appendCompanies = appendPage('companies');

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
  const rows = data?.companies.collection ?? [];
  const total = data?.companies.totalCount ?? 0;
  const next = useNextPage<MyCompaniesQuery, MyCompaniesQueryVariables>({
    fetchMore,
    loaded: rows.length,
    total,
    pageSize: MY_COMPANIES_PAGE_SIZE,
    variables: (page) => ({ page, limit: MY_COMPANIES_PAGE_SIZE }),
    append: appendCompanies,
  });

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
      <LoadMoreFooter
        next={next}
        loaded={rows.length}
        paged={total > MY_COMPANIES_PAGE_SIZE}
        total={total}
        moreLabel={t('companies.show_more', { count: total - rows.length })}
      />
    </Flex>
  );
}
