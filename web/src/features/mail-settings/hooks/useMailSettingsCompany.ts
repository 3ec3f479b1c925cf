import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import type { SettingsPageState } from '../../../shared/ui/SettingsPage';
import { MAIL_SETTINGS_COMPANY } from '../graphql/mailSettingsCompany';

/** The company of an e-mail settings page and the page's state while it loads. */
export function useMailSettingsCompany(companyId: string): {
  readonly name: string | null;
  readonly state: SettingsPageState;
} {
  const { t } = useTranslation('mailSettings');
  const { data, loading, error, refetch } = useQuery(MAIL_SETTINGS_COMPANY, { variables: { id: companyId } });
  const company = data?.company;
  if (company) return { name: company.name, state: { kind: 'ready' } };
  if (loading) return { name: null, state: { kind: 'loading' } };
  if (error) {
    return {
      name: null,
      state: { kind: 'failed', title: t('load_failed'), retryLabel: t('retry'), onRetry: () => void refetch() },
    };
  }
  return { name: null, state: { kind: 'missing', title: t('not_found') } };
}
