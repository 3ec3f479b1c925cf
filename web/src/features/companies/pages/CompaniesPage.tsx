import { Flex, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CompaniesListQuery } from '../../../gql/graphql';
import { AdminSearch, AdminTable, useAdminList } from '../../../shared/admin';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { CategoryBadges } from '../components/CategoryBadges';
import { COMPANIES_LIST } from '../graphql/companies';
import { companyChildPath } from '../utils/companyCard';
import { useBreakpoint } from '../../../shared/hooks/useBreakpoint';

type CompanyRow = CompaniesListQuery['companies']['collection'][number];

/** Spec 002 §9: companies page size 100 in the company list. */
const PAGE_SIZE = 100;
const DEFAULTS = { search: '' };

/** Companies (admin panel): search and a table of name, business id and categories (spec 002 §2.8). */
export function CompaniesPage() {
  const { t } = useTranslation('companies');
  useDocumentTitle(t('list.title'));
  const screens = useBreakpoint();
  const list = useAdminList({
    table: 'companies',
    defaults: DEFAULTS,
    pageSize: PAGE_SIZE,
    query: COMPANIES_LIST,
    variables: (f, paging) => ({ search: f.search.trim() || undefined, ...paging }),
    select: (d) => d.companies,
  });
  const columns: TableColumnsType<CompanyRow> = [
    {
      key: 'name',
      title: t('list.name'),
      render: (_, c) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Link to={companyChildPath(c.uuid, 'customer-info')}>{c.name}</Link>
          {/* Phones have no business id column: it shows under the name. */}
          {!screens.sm && c.businessId ? <Typography.Text type="secondary">{c.businessId}</Typography.Text> : null}
        </Flex>
      ),
    },
    { key: 'businessId', title: t('list.business_id'), responsive: ['sm'], render: (_, c) => c.businessId || '–' },
    {
      key: 'categories',
      title: t('list.categories'),
      responsive: ['md'],
      render: (_, c) => <CategoryBadges categories={c.categories} />,
    },
  ];
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('list.title')}
      </Typography.Title>
      <div style={{ maxWidth: 480 }}>
        <AdminSearch value={list.filters.search} onSearch={(search) => list.setFilters({ search })} label={t('list.search')} />
      </div>
      <AdminTable list={list} columns={columns} rowKey={(c) => c.uuid} label={t('list.table')} empty={{ description: t('list.empty') }} />
    </Flex>
  );
}
