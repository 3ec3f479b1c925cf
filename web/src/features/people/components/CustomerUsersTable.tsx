import { EditOutlined } from '@ant-design/icons';
import { Space, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/router/paths';
import { canInCompany } from '../../../app/session/abilities';
import { useInit } from '../../../app/session/SessionProvider';
import type { CustomerUserFieldsFragment } from '../../../gql/graphql';
import { useAdminList } from '../../../shared/admin';
import { appendPage } from '../../../shared/paging/useNextPage';
import { CUSTOMER_USERS } from '../graphql/customerUsers';
import { CustomerList } from './customerList';
import type { Membership } from './EditMembershipModal';
import { useMembershipActions } from './membershipActions';
import { AdminMark, PersonName, useActionsColumn, useContactColumns, useMembershipCells } from './peopleTable';
import { useBreakpoint } from '../../../shared/hooks/useBreakpoint';

/** The users list's page size (spec README: 30): the list loads 30 more as its end scrolls into view. */
export const CUSTOMER_USERS_PAGE_SIZE = 30;

export interface CustomerUsersTableProps {
  /** One company's users (CompanyCustomerUsers, People), or null for every customer the viewer sees. */
  readonly companyId: string | null;
  /** In the admin panel names are plain text with an edit pencil (CustomerUserEdit). */
  readonly adminPanel: boolean;
  readonly label: string;
}

type Row = CustomerUserFieldsFragment;

const DEFAULTS = { search: '' };
const appendUsers = appendPage('users');

/** The customer-users list (spec 002 §2.3) with its add modal and row actions. */
export function CustomerUsersTable({ companyId, adminPanel, label }: CustomerUsersTableProps) {
  const { t } = useTranslation('people');
  const init = useInit();
  // On a phone only name, company and actions are columns; the name cell carries the essentials.
  const phone = useBreakpoint().md === false;

  const list = useAdminList({
    table: 'customer_users',
    defaults: DEFAULTS,
    pageSize: CUSTOMER_USERS_PAGE_SIZE,
    query: CUSTOMER_USERS,
    variables: (filters, paging) => ({
      companyId,
      search: filters.search || undefined,
      page: paging.page,
      limit: paging.limit,
    }),
    select: (data) => data.users,
    append: appendUsers,
  });

  const company = companyId ? init.companies.find((c) => c.uuid === companyId) : undefined;
  // The add button needs create on CompanyUser (spec 002 §6); global admins pass every check.
  const canCreate = canInCompany(init.user, company, 'create', 'CompanyUser');

  const memberships = (row: Row): readonly Membership[] => {
    const all = row.companyUsers ?? [];
    return companyId ? all.filter((m) => m.company.uuid === companyId) : all;
  };
  const { perMembership, companies } = useMembershipCells(memberships);
  const contactColumns = useContactColumns<Row>();

  const actions = useMembershipActions();
  const rowActions = (row: Row) => actions.items(row, memberships(row));
  const onAction = (row: Row, key: string) => actions.run(row, memberships(row), key);
  const actionsColumn = useActionsColumn(phone, rowActions, onAction);

  const columns: TableColumnsType<Row> = [
    {
      key: 'name',
      title: t('columns.name'),
      render: (_, row) => {
        const name = row.active ? row.name : t('inactive_name', { name: row.name });
        const first = memberships(row)[0];
        const shownName = adminPanel ? (
          <Space size={4}>
            <span>{name}</span>
            <Link to={paths.customerUserEdit(row.uuid)} aria-label={t('actions.edit_user', { name: row.name })}>
              <EditOutlined aria-hidden />
            </Link>
          </Space>
        ) : first ? (
          <Link to={paths.profile(first.company.uuid, row.uuid)}>{name}</Link>
        ) : (
          name
        );
        const admin = memberships(row).some((m) => m.admin);
        return <PersonName row={row} name={shownName} phone={phone} extra={admin ? <AdminMark /> : null} />;
      },
    },
    { key: 'company', title: t('columns.company'), render: (_, row) => companies(row) },
    {
      key: 'title',
      title: t('columns.title'),
      responsive: ['md'],
      render: (_, row) => perMembership(row, (m) => m.jobTitle ?? '—'),
    },
    ...contactColumns,
    {
      key: 'categories',
      title: t('columns.categories'),
      responsive: ['md'],
      render: (_, row) =>
        perMembership(row, (m) =>
          m.categories.length === 0 ? '—' : m.categories.map((c) => <Tag key={c.id}>{c.name}</Tag>),
        ),
    },
    {
      key: 'admin',
      title: t('columns.admin'),
      responsive: ['md'],
      render: (_, row) => perMembership(row, (m) => (m.admin ? <AdminMark /> : '—')),
    },
    actionsColumn,
  ];

  return (
    <CustomerList
      list={list}
      columns={columns}
      label={label}
      empty={t('empty')}
      companyId={companyId}
      canCreate={canCreate}
      modal={actions.modal}
    />
  );
}
