import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { showRetryToast } from '../../../shared/ui/RetryActions';
import type { DiscoverOutcome } from './useSsoSettings';

/** The success toast lasts 5 seconds (spec 002 §8); a failure stays until dismissed. */
const SUCCESS_TOAST_S = 5;

const KNOWN_ERRORS = ['wrong_issuer', 'unreachable', 'invalid_issuer'] as const;

/**
 * The OIDC test button's outcome as a toast (spec 002 §8, OIDC discovery): success for 5
 * seconds; wrong_issuer and the other known errors with their texts, any other error text as
 * it is; a failure offers Retry and OK.
 */
export function useOidcDiscoveryToast(discover: (issuer: string) => Promise<DiscoverOutcome>) {
  const { t } = useTranslation('customerInfo');
  const { notification } = App.useApp();

  const run = useCallback(
    async (issuer: string): Promise<void> => {
      const key = 'oidc-discovery';
      notification.destroy(key);
      const outcome = await discover(issuer);
      if (outcome.ok) {
        notification.success({ key, title: t('sso.oidc.discovery.ok'), description: issuer, duration: SUCCESS_TOAST_S });
        return;
      }
      const error = outcome.error;
      const known = KNOWN_ERRORS.find((e) => e === error);
      showRetryToast(notification, {
        key,
        title: t('sso.oidc.discovery.failed'),
        description: known ? t(`sso.oidc.discovery.${known}`) : (error ?? t('sso.oidc.discovery.unreachable')),
        retryText: t('sso.retry'),
        okText: t('sso.ok'),
        onRetry: () => void run(issuer),
      });
    },
    [discover, notification, t],
  );

  return useCallback((issuer: string) => void run(issuer), [run]);
}
