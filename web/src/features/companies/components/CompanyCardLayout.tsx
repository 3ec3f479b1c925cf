import { useQuery } from '@apollo/client/react';
import { Breadcrumb, Button, Flex, Result, Select, Skeleton, Typography } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate, useOutletContext, useParams } from 'react-router';
import { useRouteMeta } from '../../../app/layout/useRouteMeta';
import type { RouteName } from '../../../app/router/routeTable';
import { paths } from '../../../app/router/paths';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { PageSpin } from '../../../shared/ui/FullPageSpin';
import { COMPANY_DETAILS } from '../graphql/companies';
import { COMPANY_CARD_TABS, cardTabOf, companyChildPath } from '../utils/companyCard';
import { CategoryBadges } from './CategoryBadges';
import type { CompanyDetails } from './CompanyInfoCard';
import { useBreakpoint } from '../../../shared/hooks/useBreakpoint';

/** What the card gives its child views (spec 002 §2.1: they receive the company and can ask for a refetch). */
export interface CompanyCardContext {
  readonly company: CompanyDetails;
  readonly refetch: () => void;
}

/** The card's company inside a child view (undefined outside the card). */
export function useCompanyCard(): CompanyCardContext | undefined {
  return useOutletContext<CompanyCardContext | undefined>();
}

/**
 * The company card (route Company, admin panel): breadcrumb back to Companies, the company's
 * name and categories, and its child views as tabs (links, one per route: they are pages, not panels) (spec 002 §2.1).
 */
export function CompanyCardLayout() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('companies');
  const { selected_company_id: companyId = '' } = useParams();
  const route = useRouteMeta();
  const navigate = useNavigate();
  // a phone has no room for ten tabs (they wrapped to six lines at 390 px): one select instead
  const phone = useBreakpoint().md === false;
  const { data, loading, error, refetch } = useQuery(COMPANY_DETAILS, {
    variables: { id: companyId },
    fetchPolicy: 'cache-and-network',
  });
  const company = data?.company;
  useDocumentTitle(company ? `${company.name} · ${t(`page.${cardTabOf(route?.name)}` as 'page.Company')}` : t('page.Company'));

  if (!company) {
    if (loading) return <Skeleton active paragraph={{ rows: 4 }} />;
    return (
      <Result
        status={error ? 'warning' : '404'}
        title={tc(error ? 'profile.load_failed' : 'profile.not_found')}
        extra={
          <Flex gap={8} justify="center">
            {error ? <Button onClick={() => void refetch()}>{tc('profile.retry')}</Button> : null}
            <Link to={paths.companies()}>{tc('card.back')}</Link>
          </Flex>
        }
      />
    );
  }
  const context: CompanyCardContext = { company, refetch: () => void refetch() };
  const active = cardTabOf(route?.name);
  return (
    <Flex vertical gap={12} style={{ minWidth: 0 }}>
      <Breadcrumb
        items={[{ title: <Link to={paths.companies()}>{t('page.Companies')}</Link> }, { title: company.name }]}
      />
      <Flex gap={12} align="center" wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {company.name}
        </Typography.Title>
        <CategoryBadges categories={company.categories} />
      </Flex>
      <nav aria-label={tc('card.views')} className="company-card-views">
        {phone ? (
          <Select
            aria-label={tc('card.view')}
            style={{ width: '100%' }}
            value={active}
            onChange={(next: RouteName) => {
              const tab = COMPANY_CARD_TABS.find((c) => c.route === next);
              if (tab) void navigate(companyChildPath(company.uuid, tab.segment));
            }}
            options={COMPANY_CARD_TABS.map((tab) => ({ value: tab.route, label: t(`page.${tab.route}` as 'page.Company') }))}
          />
        ) : (
        <Flex wrap gap={4} style={{ borderBottom: '1px solid rgba(5, 5, 5, 0.06)', paddingBottom: 4 }}>
          {COMPANY_CARD_TABS.map((tab) => {
            const current = tab.route === active;
            return (
              <Link
                key={tab.route}
                to={companyChildPath(company.uuid, tab.segment)}
                aria-current={current ? 'page' : undefined}
                style={{
                  padding: '6px 10px',
                  borderRadius: 6,
                  fontWeight: current ? 600 : 400,
                  color: current ? '#0958d9' : 'inherit',
                  background: current ? '#e6f4ff' : undefined,
                  whiteSpace: 'nowrap',
                }}
              >
                {t(`page.${tab.route}` as 'page.Company')}
              </Link>
            );
          })}
        </Flex>
        )}
      </nav>
      <Suspense fallback={<PageSpin />}>
        <Outlet context={context} />
      </Suspense>
    </Flex>
  );
}
