import { CrownFilled, MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Flex, Space, Typography, type MenuProps, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminSearch, AdminTable, type AdminTableProps, type Filters } from '../../../shared/admin';
import { useLevelLines } from '../hooks/useLevelLines';
import { shownMemberships } from '../utils/memberships';
import { EmailAddress } from '../../../shared/ui/EmailAddress';

// What the customer-users and provider-users tables (spec 002 §2.3, §2.5) share.

/** A person as both tables list them. */
export interface PersonRow {
  readonly uuid: string;
  readonly name: string;
  readonly email: string;
  readonly phone?: string | null;
}

/** A person's membership in a company as both tables list it. */
export interface CompanyMembership {
  readonly uuid: string;
  readonly active: boolean;
  readonly company: { readonly uuid: string; readonly name: string; readonly active: boolean };
}

export interface PeopleToolbarProps {
  readonly search: string;
  readonly onSearch: (search: string) => void;
  /** At the other end, e.g. the add button. */
  readonly action?: ReactNode;
}

/** The search box above a people table. */
export function PeopleToolbar({ search, onSearch, action }: PeopleToolbarProps) {
  const { t } = useTranslation('people');
  return (
    <Flex justify="space-between" gap={12} wrap>
      <div style={{ flex: '1 1 240px', maxWidth: 360 }}>
        <AdminSearch value={search} onSearch={onSearch} label={t('search')} />
      </div>
      {action}
    </Flex>
  );
}

/** The crown of a company admin. */
export function AdminMark() {
  const { t } = useTranslation('people');
  return (
    <Space size={4}>
      <CrownFilled aria-hidden style={{ color: '#d48806' }} />
      <span>{t('roles.admin')}</span>
    </Space>
  );
}

export interface PersonNameProps {
  readonly row: PersonRow;
  /** The name as shown (a link, plain text, with an edit pencil). */
  readonly name: ReactNode;
  readonly phone: boolean;
  /** More essentials under the name on a phone. */
  readonly extra?: ReactNode;
}

/** The name cell: on a phone the other columns are hidden, so e-mail and phone go under the name. */
export function PersonName({ row, name, phone, extra }: PersonNameProps) {
  if (!phone) return name;
  return (
    <Flex vertical gap={2} align="start">
      {name}
      <Typography.Text type="secondary">
        <EmailAddress address={row.email} />
      </Typography.Text>
      {row.phone ? <Typography.Text type="secondary">{row.phone}</Typography.Text> : null}
      {extra}
    </Flex>
  );
}

/** The e-mail and phone columns (from md up; a phone has them under the name). */
export function useContactColumns<R extends PersonRow>(): TableColumnsType<R> {
  const { t } = useTranslation('people');
  return [
    {
      key: 'email',
      title: t('columns.email'),
      dataIndex: 'email',
      responsive: ['md'],
      render: (email: string) => <EmailAddress address={email} />,
    },
    { key: 'phone', title: t('columns.phone'), responsive: ['md'], render: (_, row) => row.phone ?? '—' },
  ];
}

/** A cell with its content at the top, where a row's levelled lines start. */
function atTop<R>(column: TableColumnsType<R>[number]): TableColumnsType<R>[number] {
  return {
    ...column,
    onCell: (row, index) => {
      const cell = column.onCell?.(row, index);
      return { ...cell, style: { ...cell?.style, verticalAlign: 'top' } };
    },
  };
}

export type PeopleTableProps<F extends Filters, R extends PersonRow> = Pick<
  AdminTableProps<F, R>,
  'list' | 'columns' | 'label' | 'empty' | 'moreLabel'
>;

/**
 * The admin table of a people list, its cells top-aligned and a person's per-company lines
 * (useMembershipCells' perMembership) level across the columns (useLevelLines): a line whose
 * category tags or Responsible tag wrap would otherwise push the next company's lines out of
 * line with their neighbours.
 */
export function PeopleTable<F extends Filters, R extends PersonRow>({
  list,
  columns,
  label,
  empty,
  moreLabel,
}: PeopleTableProps<F, R>) {
  const levelLines = useLevelLines();
  return (
    <div ref={levelLines}>
      <AdminTable
        list={list}
        columns={columns.map((column) => atTop(column))}
        rowKey={(row) => row.uuid}
        label={label}
        empty={empty}
        moreLabel={moreLabel}
      />
    </div>
  );
}

/**
 * The cells a person's memberships fill: three companies per person until "show all companies"
 * (spec 002 §2.3, §2.5), the same memberships in every column, each membership's line marked for
 * PeopleTable to level.
 */
export function useMembershipCells<R extends PersonRow, M extends CompanyMembership>(memberships: (row: R) => readonly M[]) {
  const { t } = useTranslation('people');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const shown = (row: R) => shownMemberships(memberships(row), expanded.has(row.uuid));

  const perMembership = (row: R, render: (m: M) => ReactNode) => (
    <Flex vertical gap={4}>
      {shown(row).shown.map((m) => (
        <div key={m.uuid} data-line={`${row.uuid}:${m.uuid}`}>
          {render(m)}
        </div>
      ))}
    </Flex>
  );

  /** The company column: each company's name (struck out when inactive), with `tag` beside it. */
  const companies = (row: R, tag?: (m: M) => ReactNode) => {
    const { hidden } = shown(row);
    const name = (m: M) => (
      <Typography.Text type={m.active && m.company.active ? undefined : 'secondary'} delete={!m.active}>
        {m.company.name}
        {m.active ? null : ` (${t('inactive')})`}
      </Typography.Text>
    );
    return (
      <Flex vertical gap={4} align="start">
        {perMembership(row, (m) =>
          tag ? (
            <Space size={4} wrap>
              {name(m)}
              {tag(m)}
            </Space>
          ) : (
            name(m)
          ),
        )}
        {hidden > 0 ? (
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            onClick={() => setExpanded((s) => new Set([...s, row.uuid]))}
          >
            {t('show_all_companies', { count: hidden })}
          </Button>
        ) : null}
      </Flex>
    );
  };

  return { perMembership, companies };
}

/** The actions column: the row's menu, its header an icon on a phone (the word would not fit). */
export function useActionsColumn<R extends PersonRow>(
  phone: boolean,
  items: (row: R) => MenuProps['items'],
  onAction: (row: R, key: string) => void,
): TableColumnsType<R>[number] {
  const { t } = useTranslation('people');
  return {
    key: 'actions',
    title: phone ? <MoreOutlined aria-label={t('columns.actions')} /> : t('columns.actions'),
    width: 64,
    render: (_, row) => {
      const menu = items(row);
      if (!menu?.length) return null;
      return (
        <Dropdown menu={{ items: menu, onClick: ({ key }) => onAction(row, key) }} trigger={['click']}>
          <Button type="text" icon={<MoreOutlined />} aria-label={t('actions.menu', { name: row.name })} />
        </Dropdown>
      );
    },
  };
}
