import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { can } from '../../../app/session/abilities';
import type { AbilityRule } from '../../../app/session/types';
import { SettingsPage, type SettingsPageState } from '../../../shared/ui/SettingsPage';
import { BannersPanel } from '../components/BannersPanel';
import { BANNER_COMPANY } from '../graphql/banners';
import { isNotFound } from '../utils/notFound';

/** /companies/:selected_company_id/system-banners (CompanySystemBanners): the company's banners. */
export function CompanySystemBannersPage() {
  const { t } = useTranslation('portal');
  const { selected_company_id: companyId = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(BANNER_COMPANY, { variables: { id: companyId } });
  const company = data?.company;
  const title = t('banners.company_title');
  // a view of the company card, which draws the breadcrumb and the company's name
  const state: SettingsPageState = company
    ? { kind: 'ready' }
    : loading
      ? { kind: 'loading' }
      : error && !isNotFound(error)
        ? { kind: 'failed', title: t('banners.load_failed'), retryLabel: t('actions.retry'), onRetry: () => void refetch() }
        : { kind: 'missing', title: t('company_not_found') };
  const rules = (company?.rules ?? []) as readonly AbilityRule[];
  return (
    <SettingsPage title={title} state={state}>
      {company ? (
        <BannersPanel
          companyId={company.uuid}
          canCreate={can(rules, 'create', 'SystemBanner')}
          canUpdate={can(rules, 'update', 'SystemBanner')}
          canDestroy={can(rules, 'destroy', 'SystemBanner')}
        />
      ) : null}
    </SettingsPage>
  );
}
