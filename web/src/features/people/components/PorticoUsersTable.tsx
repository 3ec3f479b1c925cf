import { StarFilled } from '@ant-design/icons';
import { useMutation } from '@apollo/client/react';
import { App, Flex, Grid, Tag, type MenuProps, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { reportServerErrors } from '../../../app/errors/reportErrors';
import { paths } from '../../../app/router/paths';
import { useInit } from '../../../app/session/SessionProvider';
import type { PorticoUserFieldsFragment } from '../../../gql/graphql';
import { useAdminList } from '../../../shared/admin';
import {
  DELETE_PORTICO_USER,
  PORTICO_USERS_LIST,
  REACTIVATE_PORTICO_USER,
  REMOVE_PORTICO_USER_FROM_COMPANY,
  SET_PORTICO_USER_RESPONSIBLE,
} from '../graphql/porticoUsers';
import {
  AdminMark,
  PeopleTable,
  PeopleToolbar,
  PersonName,
  useActionsColumn,
  useContactColumns,
  useMembershipCells,
} from './peopleTable';
import { PorticoMembershipModal, type PorticoMembership } from './PorticoMembershipModal';

/** The users list's page size (spec README: 30). */
export const PORTICO_USERS_PAGE_SIZE = 30;

/** Self-change's info message stays this long (spec 002 §9). */
const SELF_MESSAGE_SECONDS = 10;

export interface PorticoUsersTableProps {
  /** One company's agents (CompanyPorticoUsers, People), or null for every provider user the viewer sees. */
  readonly companyId: string | null;
  /** In the admin panel names are plain text; elsewhere they link to GSProfile. */
  readonly adminPanel: boolean;
  readonly label: string;
}

type Row = PorticoUserFieldsFragment;

interface Editing {
  readonly user: Row;
  readonly membership?: PorticoMembership;
}

type Change = 'deactivate' | 'reactivate' | 'remove';

const DEFAULTS = { search: '' };

/**
 * The provider-user list (spec 002 §2.5, GSUsers, CompanyGsUsers, People): name, company, roles in the company,
 * e-mail, phone, categories and company role, three companies per user until "show all companies". Global admins
 * give agents companies, change their role, mark them responsible, deactivate, reactivate and take companies away.
 */
export function PorticoUsersTable({ companyId, adminPanel, label }: PorticoUsersTableProps) {
  const { t } = useTranslation('people');
  const init = useInit();
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  const { message, modal } = App.useApp();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deactivate] = useMutation(DELETE_PORTICO_USER);
  const [reactivate] = useMutation(REACTIVATE_PORTICO_USER);
  const [remove] = useMutation(REMOVE_PORTICO_USER_FROM_COMPANY);
  const [setResponsible] = useMutation(SET_PORTICO_USER_RESPONSIBLE);

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

  // Giving a company needs create on PorticoUser: global admins (spec 002 §6).
  const canGive = init.user.userRole === 'admin';

  const memberships = (row: Row): readonly PorticoMembership[] => {
    const all = row.porticoUsers ?? [];
    return companyId ? all.filter((m) => m.company.uuid === companyId) : all;
  };
  const { perMembership, companies } = useMembershipCells(memberships);
  const contactColumns = useContactColumns<Row>();

  const self = (row: Row) => {
    if (row.uuid !== init.user.uuid) return false;
    void message.info(t('actions.self'), SELF_MESSAGE_SECONDS);
    return true;
  };

  const change = (row: Row, m: PorticoMembership, what: Change) => {
    if (self(row)) return;
    const run = async () => {
      const variables = { porticoUserId: m.uuid, companyId: m.company.uuid };
      const errors =
        what === 'remove'
          ? (await remove({ variables })).data?.removePorticoUserFromCompany.errors
          : what === 'reactivate'
            ? (await reactivate({ variables })).data?.reactivatePorticoUser.errors
            : (await deactivate({ variables })).data?.deletePorticoUser.errors;
      if (errors?.length) {
        reportServerErrors(errors);
        return;
      }
      void message.success(t(`agents.${what}d`, { name: row.name, company: m.company.name }));
      if (what === 'remove') list.refetch();
    };
    void modal.confirm({
      title: t(`agents.${what}_title`, { name: row.name, company: m.company.name }),
      content: t(`agents.${what}_text`, { name: row.name, company: m.company.name }),
      okText: t(`agents.${what}`),
      okButtonProps: { danger: what !== 'reactivate' },
      cancelText: t('actions.cancel'),
      onOk: run,
    });
  };

  const toggleResponsible = async (row: Row, m: PorticoMembership) => {
    const { data } = await setResponsible({
      variables: { companyId: m.company.uuid, userId: row.uuid, responsible: !m.responsible },
    });
    const errors = data?.setPorticoUserResponsible.errors;
    if (errors?.length) {
      reportServerErrors(errors);
      return;
    }
    void message.success(
      t(m.responsible ? 'agents.responsible_off' : 'agents.responsible_on', { name: row.name, company: m.company.name }),
    );
  };

  const rowActions = (row: Row): MenuProps['items'] => {
    const items: NonNullable<MenuProps['items']> = [];
    if (canGive && row.userRole !== 'admin') items.push({ key: 'give:', label: t('agents.give') });
    const ms = memberships(row);
    for (const m of ms) {
      const entries: NonNullable<MenuProps['items']> = [];
      if (m.canUpdate && row.uuid !== init.user.uuid) {
        entries.push({ key: `edit:${m.uuid}`, label: t('agents.edit') });
        entries.push({
          key: `responsible:${m.uuid}`,
          label: t(m.responsible ? 'agents.unmark_responsible' : 'agents.mark_responsible'),
        });
      }
      if (m.canDestroy || row.uuid === init.user.uuid) {
        entries.push(
          m.active
            ? { key: `deactivate:${m.uuid}`, label: t('actions.deactivate'), danger: true }
            : { key: `reactivate:${m.uuid}`, label: t('actions.reactivate') },
        );
        entries.push({ key: `remove:${m.uuid}`, label: t('agents.remove'), danger: true });
      }
      if (entries.length === 0) continue;
      if (ms.length > 1 || items.length > 0) {
        items.push({ type: 'group', key: m.uuid, label: m.company.name, children: entries });
      } else items.push(...entries);
    }
    return items;
  };

  const onAction = (row: Row, key: string) => {
    const [action, id] = key.split(':');
    if (action === 'give') {
      setEditing({ user: row });
      return;
    }
    const m = memberships(row).find((x) => x.uuid === id);
    if (!m) return;
    if (action === 'edit') setEditing({ user: row, membership: m });
    else if (action === 'responsible') void toggleResponsible(row, m);
    else change(row, m, action as Change);
  };
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
      {editing ? (
        <PorticoMembershipModal
          user={editing.user}
          membership={editing.membership}
          companyId={companyId}
          onClose={() => setEditing(null)}
          onSaved={list.refetch}
        />
      ) : null}
    </Flex>
  );
}
