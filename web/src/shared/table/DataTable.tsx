import { Table, theme, type TableColumnsType, type TableProps } from 'antd';
import type { CSSProperties } from 'react';
import { TABLE_SIZE, TABLE_SKELETON_ROWS } from './listConstants';
import { SkeletonCell } from './SkeletonCell';
import './DataTable.css';

export const STRIPED_ROW_CLASS = 'portico-row-striped';


/** Every other row's class (the second, fourth, ...). */
export const stripedRow = (index: number | undefined): string => ((index ?? 0) % 2 === 1 ? STRIPED_ROW_CLASS : '');

export type DataTableProps<R extends object> = Omit<TableProps<R>, 'size' | 'rowClassName' | 'columns'> & {
  readonly columns: TableColumnsType<R>;
  /** The table's accessible name. */
  readonly 'aria-label'?: string;
  /** The first page is loading: the table shows skeleton rows in its columns instead of data. */
  readonly skeleton?: boolean;
  /** How many skeleton rows (default 10; a screen whose spec says otherwise passes its own). */
  readonly skeletonRows?: number;
  /** A row's own class, beside the stripe. */
  readonly rowClassName?: (row: R, index: number) => string;
};

interface SkeletonRow {
  readonly skeletonKey: string;
}

const skeletonRowsOf = (count: number): SkeletonRow[] => Array.from({ length: count }, (_, i) => ({ skeletonKey: `skeleton-${i}` }));

/**
 * The app's data table (spec 000 Global constants): antd's Table, small and striped, with
 * 10 skeleton rows (unless told otherwise) while its first page loads. Pass every other Table prop as usual.
 */
export function DataTable<R extends object>({
  skeleton = false,
  skeletonRows = TABLE_SKELETON_ROWS,
  columns, rowClassName, style, ...table }: DataTableProps<R>) {
  const { token } = theme.useToken();
  const stripe = { ...style, '--portico-stripe': token.colorFillAlter } as CSSProperties;
  if (skeleton) {
    const skeletonColumns = columns.map((column) => ({
      ...column,
      render: () => <SkeletonCell />,
    })) as TableColumnsType<SkeletonRow>;
    return (
      <Table<SkeletonRow>
        aria-label={table['aria-label']}
        aria-busy
        size={TABLE_SIZE}
        style={stripe}
        rowKey="skeletonKey"
        columns={skeletonColumns}
        dataSource={skeletonRowsOf(skeletonRows)}
        rowClassName={(_, index) => stripedRow(index)}
        pagination={false}
        showHeader={table.showHeader}
        scroll={table.scroll}
      />
    );
  }
  return (
    <Table<R>
      {...table}
      size={TABLE_SIZE}
      style={stripe}
      columns={columns}
      rowClassName={(row, index) => [stripedRow(index), rowClassName?.(row, index)].filter(Boolean).join(' ')}
    />
  );
}
