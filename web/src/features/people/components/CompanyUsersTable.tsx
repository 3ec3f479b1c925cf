import { Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/router/paths';
import { canInCompany } from '../../../app/session/abilities';
import { findCompany } from '../../../app/session/companies';
import { useInit } from '../../../app/session/SessionProvider';
import type { CompanyUserFieldsFragment } from '../../../gql/graphql';
import { useAdminList } from '../../../shared/admin';
import { appendPage } from '../../../shared/paging/useNextPage';
import { COMPANY_USERS } from '../graphql/companyUsers';
import { CustomerList } from './customerList';
import { CUSTOMER_USERS_PAGE_SIZE } from './CustomerUsersTable';
import { useMembershipActions } from './membershipActions';
import { AdminMark, PersonName, useActionsColumn, useContactColumns } from './peopleTable';
import { useBreakpoint } from '../../../shared/hooks/useBreakpoint';

export interface CompanyUsersTableProps {
  readonly companyId: string;
  readonly label: string;
}

type Row = CompanyUserFieldsFragment;

const DEFAULTS = { search: '' };
const appendCompanyUsers = appendPage('companyUsers');

/**
 * One company's users (CompanyProfile's company users, spec 002 §2.7), one row a membership, with the
 * customer-users list's rules (spec 002 §2.3, §6): the add button needs create on CompanyUser, and a row's
 * actions (edit categories, title and role; deactivate, reactivate) are those its abilities allow, so a
 * customer user sees their colleagues without any of them.
 */
export function CompanyUsersTable({ companyId, label }: CompanyUsersTableProps) {
  const { t } = useTranslation('people');
  const init = useInit();
  const phone = useBreakpoint().md === false;

  const list = useAdminList({
    table: 'company_users',
    defaults: DEFAULTS,
    pageSize: CUSTOMER_USERS_PAGE_SIZE,
    query: COMPANY_USERS,
    variables: (filters, paging) => ({
      companyId,
      search: filters.search || undefined,
      page: paging.page,
      limit: paging.limit,
    }),
    select: (data) => data.companyUsers,
    append: appendCompanyUsers,
  });

  const company = findCompany(init, companyId);
  const canCreate = canInCompany(init.user, company, 'create', 'CompanyUser');
  // The actions column shows only with update or destroy (spec 002 §6).
  const manages = ['update', 'destroy'].some((action) => canInCompany(init.user, company, action, 'CompanyUser'));
  const contactColumns = useContactColumns<Row>();
  const actions = useMembershipActions();
  const person = (row: Row) => ({ uuid: row.userId, name: row.name });
  const actionsColumn = useActionsColumn<Row>(
    phone,
    (row) => actions.items(person(row), [row]),
    (row, key) => actions.run(person(row), [row], key),
  );

  const columns: TableColumnsType<Row> = [
    {
      key: 'name',
      title: t('columns.name'),
      render: (_, row) => {
        const name = row.active ? row.name : t('inactive_name', { name: row.name });
        return (
          <PersonName
            row={row}
            name={<Link to={paths.profile(companyId, row.userId)}>{name}</Link>}
            phone={phone}
            extra={row.admin ? <AdminMark /> : null}
          />
        );
      },
    },
    { key: 'title', title: t('columns.title'), responsive: ['md'], render: (_, row) => row.jobTitle ?? '—' },
    ...contactColumns,
    {
      key: 'categories',
      title: t('columns.categories'),
      responsive: ['md'],
      render: (_, row) => (
        <Flex gap={4} wrap>
          {row.categories.map((c) => (
            <Tag key={c.id}>{c.name}</Tag>
          ))}
          {row.noCategories && row.active ? (
            <Typography.Text type="warning">{t('company_users.no_access')}</Typography.Text>
          ) : row.categories.length === 0 ? (
            '—'
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'admin',
      title: t('columns.admin'),
      responsive: ['md'],
      render: (_, row) => (row.admin ? <AdminMark /> : '—'),
    },
    ...(manages ? [actionsColumn] : []),
  ];

  return (
    <CustomerList
      list={list}
      columns={columns}
      label={label}
      empty={t('company_users.empty')}
      companyId={companyId}
      canCreate={canCreate}
      modal={actions.modal}
    />
  );
}
