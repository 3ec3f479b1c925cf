import { StarFilled } from '@ant-design/icons';
import { Flex, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/router/paths';
import type { PorticoUserFieldsFragment } from '../../../gql/graphql';
import { useAdminList } from '../../../shared/admin';
import { PORTICO_USERS_LIST } from '../graphql/porticoUsers';
import {
  AdminMark,
  PeopleTable,
  PeopleToolbar,
  PersonName,
  useActionsColumn,
  useContactColumns,
  useMembershipCells,
} from './peopleTable';
import type { PorticoMembership } from './PorticoMembershipModal';
import { usePorticoMembershipActions } from './porticoMembershipActions';
import { useBreakpoint } from '../../../shared/hooks/useBreakpoint';

/** The users list's page size (spec README: 30). */
export const PORTICO_USERS_PAGE_SIZE = 30;

export interface PorticoUsersTableProps {
  /** One company's agents (CompanyPorticoUsers, People), or null for every provider user the viewer sees. */
  readonly companyId: string | null;
  /** In the admin panel names are plain text; elsewhere they link to GSProfile. */
  readonly adminPanel: boolean;
  readonly label: string;
}

type Row = PorticoUserFieldsFragment;

const DEFAULTS = { search: '' };

/**
 * The provider-user list (spec 002 §2.5, GSUsers, CompanyGsUsers, People): name, company, roles in the company,
 * e-mail, phone, categories and company role, three companies per user until "show all companies". Global admins
 * give agents companies, change their role, mark them responsible, deactivate, reactivate and take companies away.
 */
export function PorticoUsersTable({ companyId, adminPanel, label }: PorticoUsersTableProps) {
  const { t } = useTranslation('people');
  const screens = useBreakpoint();
  const phone = screens.md === false;

  const list = useAdminList({
    table: companyId ? 'company_portico_users' : 'portico_users',
    defaults: DEFAULTS,
    pageSize: PORTICO_USERS_PAGE_SIZE,
    query: PORTICO_USERS_LIST,
    variables: (filters, paging) => ({
      companyId,
      search: filters.search || undefined,
      page: paging.page,
      limit: paging.limit,
    }),
    select: (data) => data.users,
  });

  const memberships = (row: Row): readonly PorticoMembership[] => {
    const all = row.porticoUsers ?? [];
    return companyId ? all.filter((m) => m.company.uuid === companyId) : all;
  };
  const { perMembership, companies } = useMembershipCells(memberships);
  const contactColumns = useContactColumns<Row>();

  const actions = usePorticoMembershipActions({ companyId, onChanged: list.refetch });
  const rowActions = (row: Row) => actions.items(row, memberships(row));
  const onAction = (row: Row, key: string) => actions.run(row, memberships(row), key);
  const actionsColumn = useActionsColumn(phone, rowActions, onAction);

  const roleTags = (m: PorticoMembership) =>
    m.companyRoles.length === 0 ? '—' : m.companyRoles.map((r) => <Tag key={r.id}>{r.name}</Tag>);
  const categoryTags = (m: PorticoMembership) =>
    m.categories.length === 0 ? '—' : m.categories.map((c) => <Tag key={c.id}>{c.name}</Tag>);
  const responsibleTag = (m: PorticoMembership) =>
    m.responsible ? (
      <Tag icon={<StarFilled aria-hidden />} color="gold">
        {t('agents.responsible')}
      </Tag>
    ) : null;

  const columns: TableColumnsType<Row> = [
    {
      key: 'name',
      title: t('columns.name'),
      render: (_, row) => {
        const name = row.active ? row.name : t('inactive_name', { name: row.name });
        const first = memberships(row)[0];
        const shownName =
          adminPanel || !first ? <span>{name}</span> : <Link to={paths.gsProfile(first.company.uuid, row.uuid)}>{name}</Link>;
        return <PersonName row={row} name={shownName} phone={phone} />;
      },
    },
    { key: 'company', title: t('columns.company'), render: (_, row) => companies(row, responsibleTag) },
    { key: 'roles', title: t('agents.roles_in_company'), responsive: ['md'], render: (_, row) => perMembership(row, roleTags) },
    ...contactColumns,
    {
      key: 'categories',
      title: t('columns.categories'),
      responsive: ['md'],
      render: (_, row) => perMembership(row, categoryTags),
    },
    {
      key: 'admin',
      title: t('agents.company_role'),
      responsive: ['md'],
      render: (_, row) => perMembership(row, (m) => (m.role === 'admin' ? <AdminMark /> : t('roles.user'))),
    },
    actionsColumn,
  ];

  return (
    <Flex vertical gap={16}>
      <PeopleToolbar search={list.filters.search} onSearch={(search) => list.setFilters({ search })} />
      <PeopleTable
        list={list}
        columns={columns}
        label={label}
        empty={{ description: t('agents.empty') }}
      />
      {actions.modal}
    </Flex>
  );
}
