import { Button, Empty, Flex, Result, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMoreFooter } from '../paging/LoadMoreFooter';
import { DataTable } from '../table/DataTable';
import type { Filters } from './tableState';
import type { AdminList } from './useAdminList';

export interface AdminTableEmpty {
  /** What the empty list means and what to do next ("No workflows yet. Create the first one."). */
  readonly description: ReactNode;
  /** The next step, e.g. a create button. */
  readonly action?: ReactNode;
}

export interface AdminTableProps<F extends Filters, R extends object> {
  readonly list: AdminList<F, R>;
  readonly columns: TableColumnsType<R>;
  readonly rowKey: (row: R) => string;
  /** The table's accessible name (usually the page title). */
  readonly label: string;
  /** Shown when the unfiltered list has no rows. */
  readonly empty: AdminTableEmpty;
  /** Skeleton rows while nothing is loaded (default 10). */
  readonly skeletonRows?: number;
  /** An infinite list's button for its next page (for keyboards, and where the browser cannot tell its end is seen). */
  readonly moreLabel?: string;
}

/**
 * The admin list table (a DataTable: small, striped): 10 skeleton rows while loading, the empty state (or "no matches" with a
 * way back when filtered), a retry when loading failed, and pagination only past one page
 * (spec 002 §9: pagination shows only when the total exceeds the limit); an infinite list (useAdminList's
 * append) has instead an end that loads the next page as it scrolls into view.
 */
export function AdminTable<F extends Filters, R extends object>({
  list,
  columns,
  rowKey,
  label,
  empty,
  skeletonRows,
  moreLabel,
}: AdminTableProps<F, R>) {
  const { t } = useTranslation('common');

  if (list.error) {
    return (
      <Result
        status="warning"
        title={t('admin_list.load_failed')}
        extra={<Button onClick={list.refetch}>{t('actions.retry')}</Button>}
      />
    );
  }

  if (list.loading) {
    return <DataTable<R> aria-label={label} skeleton skeletonRows={skeletonRows} rowKey={rowKey} columns={columns} />;
  }

  const emptyText = list.filtered ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<Typography.Text>{t('admin_list.no_matches')}</Typography.Text>}>
      <Button onClick={list.resetFilters}>{t('admin_list.clear_filters')}</Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<Typography.Text>{empty.description}</Typography.Text>}>
      {empty.action ? <Flex justify="center">{empty.action}</Flex> : null}
    </Empty>
  );

  const table = (
    <DataTable<R>
      aria-label={label}
      rowKey={rowKey}
      columns={columns}
      dataSource={[...list.rows]}
      loading={list.refreshing}
      locale={{ emptyText }}
      pagination={
        !list.next && list.totalCount > list.pageSize
          ? {
              current: list.page,
              pageSize: list.pageSize,
              total: list.totalCount,
              showSizeChanger: false,
              onChange: list.setPage,
            }
          : false
      }
    />
  );
  if (!list.next || list.rows.length === 0) return table;
  return (
    <Flex vertical gap={12}>
      {table}
      <LoadMoreFooter
        next={list.next}
        loaded={list.rows.length}
        paged={list.totalCount > list.pageSize}
        total={list.totalCount}
        moreLabel={moreLabel ?? t('list.show_more')}
      />
    </Flex>
  );
}
