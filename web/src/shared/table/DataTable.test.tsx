import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable, STRIPED_ROW_CLASS } from './DataTable';
import { loadAheadDistance } from './listConstants';

afterEach(cleanup);

interface Row {
  readonly id: string;
  readonly name: string;
}

const columns = [{ key: 'name', title: 'Name', dataIndex: 'name' }];
const rows: Row[] = ['Ada', 'Bo', 'Cy'].map((name) => ({ id: name, name }));

const bodyRows = (table: HTMLElement) => table.querySelectorAll('tbody tr.ant-table-row');

describe('DataTable', () => {
  it('is small and striped: every other row has the stripe, beside its own class', () => {
    render(<DataTable<Row> aria-label="People" rowKey="id" columns={columns} dataSource={rows} rowClassName={(r) => `row-${r.id}`} />);
    const table = screen.getByLabelText('People');
    expect(table.closest('.ant-table-small') ?? table.querySelector('.ant-table-small')).not.toBeNull();
    const trs = [...bodyRows(table.closest('.ant-table-wrapper') ?? table)];
    expect(trs.map((tr) => tr.classList.contains(STRIPED_ROW_CLASS))).toEqual([false, true, false]);
    expect(trs[1]?.classList.contains('row-Bo')).toBe(true);
    expect(within(table.closest('.ant-table-wrapper') as HTMLElement).getByText('Cy')).toBeTruthy();
  });

  it('shows 10 skeleton rows while its first page loads, or the count it is given', () => {
    const { unmount } = render(<DataTable<Row> aria-label="People" skeleton rowKey="id" columns={columns} />);
    const wrapper = () => screen.getByLabelText('People').closest('.ant-table-wrapper') as HTMLElement;
    expect(bodyRows(wrapper())).toHaveLength(10);
    expect(screen.queryByText('Ada')).toBeNull();
    unmount();
    render(<DataTable<Row> aria-label="People" skeleton skeletonRows={20} rowKey="id" columns={columns} dataSource={rows} />);
    expect(bodyRows(wrapper())).toHaveLength(20);
    expect(screen.queryByText('Ada')).toBeNull();
  });
});

describe('infinite loading distance', () => {
  it('is 0.4 of the viewport to the bottom, at least the 10 px trigger distance', () => {
    expect(loadAheadDistance(1000)).toBe(400);
    expect(loadAheadDistance(1000, 0.3)).toBe(300);
    expect(loadAheadDistance(0)).toBe(10);
  });
});
