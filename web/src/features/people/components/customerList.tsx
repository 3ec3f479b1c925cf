import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminList } from '../../../shared/admin';
import { AddCustomerUserModal } from './AddCustomerUserModal';
import { PeopleTable, PeopleToolbar, type PersonRow } from './peopleTable';

export interface CustomerListProps<R extends PersonRow> {
  readonly list: AdminList<{ search: string }, R>;
  readonly columns: TableColumnsType<R>;
  readonly label: string;
  /** What an empty list says. */
  readonly empty: string;
  /** The company new users join; null lets the one adding them choose. */
  readonly companyId: string | null;
  /** The add button shows with create on CompanyUser (spec 002 §6). */
  readonly canCreate: boolean;
  /** The row actions' open modal (useMembershipActions). */
  readonly modal: ReactNode;
}

/** A list of customer users (CustomerUsersTable, CompanyUsersTable): search, add button, the table, the add modal. */
export function CustomerList<R extends PersonRow>({ list, columns, label, empty, companyId, canCreate, modal }: CustomerListProps<R>) {
  const { t } = useTranslation('people');
  const [adding, setAdding] = useState(false);
  return (
    <Flex vertical gap={16}>
      <PeopleToolbar
        search={list.filters.search}
        onSearch={(search) => list.setFilters({ search })}
        action={
          canCreate ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t('add.button')}
            </Button>
          ) : null
        }
      />
      <PeopleTable
        list={list}
        columns={columns}
        label={label}
        empty={{ description: empty }}
        moreLabel={t('show_more', { count: list.totalCount - list.rows.length })}
      />
      <AddCustomerUserModal open={adding} companyId={companyId} onClose={() => setAdding(false)} onAdded={list.refetch} />
      {modal}
    </Flex>
  );
}
