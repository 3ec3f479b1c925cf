import { useQuery } from '@apollo/client/react';
import { Button, Empty, Flex, Result, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/router/paths';
import { useInit } from '../../../app/session/SessionProvider';
import { isProviderStaff } from '../../../app/session/types';
import { COMPANY_USER } from '../graphql/customerUsers';
import { PORTICO_USER } from '../graphql/porticoUsers';
import type { Membership } from './EditMembershipModal';
import { useMembershipActions } from './membershipActions';
import { AdminMark, useActionsColumn } from './peopleTable';
import type { PorticoMembership } from './PorticoMembershipModal';
import { usePorticoMembershipActions } from './porticoMembershipActions';
import { DataTable } from '../../../shared/table/DataTable';
import { useBreakpoint } from '../../../shared/hooks/useBreakpoint';

// A user's companies on their profile (spec 002 §2.6: Profile, GSProfile): company, business id, job title or
// roles in the company, categories, admin and the membership's actions, with the lists' rules.

interface MembershipRow {
  readonly uuid: string;
  readonly active: boolean;
  readonly company: { readonly uuid: string; readonly name: string; readonly businessId?: string | null; readonly active: boolean };
  readonly categories: readonly { readonly id: string; readonly name: string }[];
  readonly canUpdate: boolean;
  readonly canDestroy: boolean;
}

interface TableProps<M extends MembershipRow> {
  readonly label: string;
  readonly state: { readonly loading: boolean; readonly failed: boolean; readonly retry: () => void };
  readonly memberships: readonly M[] | null;
  /** The column between business id and categories: job title, or roles in the company. */
  readonly middle: TableColumnsType<M>[number];
  readonly admin: (m: M) => boolean;
  readonly actions: TableColumnsType<M>[number];
}

/** A membership as the actions column names it: its menu is "Actions for <company>". */
const asRow = <M extends MembershipRow>(m: M, email: string) => ({ ...m, name: m.company.name, email });

const tags = (list: readonly { readonly id: string; readonly name: string }[]) =>
  list.length === 0 ? (
    '—'
  ) : (
    <Flex gap={4} wrap>
      {list.map((x) => (
        <Tag key={x.id}>{x.name}</Tag>
      ))}
    </Flex>
  );

function MembershipTable<M extends MembershipRow>({ label, state, memberships, middle, admin, actions }: TableProps<M>) {
  const { t } = useTranslation('people');
  const init = useInit();
  if (state.failed) {
    return (
      <Result status="warning" title={t('memberships.load_failed')} extra={<Button onClick={state.retry}>{t('actions.retry')}</Button>} />
    );
  }
  // Staff open a company's customer info; customers their own company's profile (spec 002 §2.6).
  const companyPath = isProviderStaff(init.user) ? paths.customerInfo : paths.companyProfile;
  const columns: TableColumnsType<M> = [
    {
      key: 'company',
      title: t('columns.company'),
      render: (_, m) => {
        const name = m.active ? m.company.name : `${m.company.name} (${t('inactive')})`;
        return init.adminPanel ? name : <Link to={companyPath(m.company.uuid)}>{name}</Link>;
      },
    },
    { key: 'business_id', title: t('columns.business_id'), responsive: ['md'], render: (_, m) => m.company.businessId ?? '—' },
    middle,
    { key: 'categories', title: t('columns.categories'), responsive: ['md'], render: (_, m) => tags(m.categories) },
    { key: 'admin', title: t('columns.admin'), render: (_, m) => (admin(m) ? <AdminMark /> : '—') },
    // the actions column shows only when the viewer may change something (spec 002 §6)
    ...(memberships?.some((m) => m.canUpdate || m.canDestroy) ? [actions] : []),
  ];
  if (state.loading || !memberships) return <DataTable<M> aria-label={label} skeleton rowKey="uuid" columns={columns} />;
  return (
    <DataTable<M>
      aria-label={label}
      rowKey="uuid"
      columns={columns}
      dataSource={[...memberships]}
      pagination={false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('edit_user.no_companies')} /> }}
    />
  );
}

export interface MembershipsTableProps {
  readonly userId: string;
  readonly label: string;
}

/** A customer user's memberships (Profile): job title, categories and admin per company, with the row actions. */
export function CustomerMembershipsTable({ userId, label }: MembershipsTableProps) {
  const { t } = useTranslation('people');
  const phone = useBreakpoint().md === false;
  const { data, loading, error, refetch } = useQuery(COMPANY_USER, { variables: { id: userId }, fetchPolicy: 'cache-and-network' });
  const user = data?.companyUser;
  const actions = useMembershipActions();
  const person = { uuid: userId, name: user?.name ?? '' };
  const column = useActionsColumn<Membership & { name: string; email: string }>(
    phone,
    (m) => actions.items(person, [m]),
    (m, key) => actions.run(person, [m], key),
  );
  const memberships = user ? (user.companyUsers ?? []).map((m) => asRow(m, user.email)) : null;
  return (
    <>
      <MembershipTable
        label={label}
        state={{ loading: loading && !user, failed: Boolean(error) && !user, retry: () => void refetch() }}
        memberships={memberships}
        middle={{ key: 'title', title: t('fields.job_title'), responsive: ['md'], render: (_, m) => m.jobTitle ?? '—' }}
        admin={(m) => m.admin}
        actions={column}
      />
      {actions.modal}
    </>
  );
}

/** A provider user's memberships (GSProfile): roles in the company, categories and company role, with the row actions. */
export function StaffMembershipsTable({ userId, label }: MembershipsTableProps) {
  const { t } = useTranslation('people');
  const phone = useBreakpoint().md === false;
  const { data, loading, error, refetch } = useQuery(PORTICO_USER, { variables: { id: userId }, fetchPolicy: 'cache-and-network' });
  const user = data?.porticoUser;
  const actions = usePorticoMembershipActions({ companyId: null, onChanged: () => void refetch(), give: false });
  const column = useActionsColumn<PorticoMembership & { name: string; email: string }>(
    phone,
    (m) => (user ? actions.items(user, [m]) : []),
    (m, key) => user && actions.run(user, [m], key),
  );
  const memberships = user ? (user.porticoUsers ?? []).map((m) => asRow(m, user.email)) : null;
  return (
    <>
      <MembershipTable
        label={label}
        state={{ loading: loading && !user, failed: Boolean(error) && !user, retry: () => void refetch() }}
        memberships={memberships}
        middle={{ key: 'roles', title: t('agents.roles_in_company'), responsive: ['md'], render: (_, m) => tags(m.companyRoles) }}
        admin={(m) => m.role === 'admin'}
        actions={column}
      />
      {actions.modal}
    </>
  );
}
