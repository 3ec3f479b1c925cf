import { useMutation, useQuery } from '@apollo/client/react';
import { App } from 'antd';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { reportServerErrors } from '../../../app/errors/reportErrors';
import type { NotificationSettingsFieldsFragment } from '../../../gql/graphql';
import { showRetryToast } from '../../../shared/ui/RetryActions';
import { NOTIFICATION_SETTINGS, SAVE_NOTIFICATION_SETTINGS } from '../graphql/notificationSettings';
import { changed, type SettingType, type SettingValue, type Trigger } from '../utils/settings';

/** The saved toast's life (002 §8: save success toasts for 1 s). */
const SAVED_TOAST_S = 1;

export type SettingsData = NotificationSettingsFieldsFragment;

export interface SettingChange {
  readonly notificationType?: string;
  /** The chosen categories (customer) or companies (staff); empty is all. */
  readonly ids?: readonly string[];
}

/**
 * One type's notification settings (002 §2.13, §4, §8). A change shows at once (optimistic
 * answer) and is rolled back by Apollo when the save fails, with an error toast; a load failure
 * is a persistent toast with Retry, and the table is disabled.
 */
export function useNotificationSettings(type: SettingType) {
  const { t } = useTranslation('notificationSettings');
  const { notification, message } = App.useApp();
  const query = useQuery(NOTIFICATION_SETTINGS, { variables: { type }, context: { silentErrors: true } });
  const [mutate] = useMutation(SAVE_NOTIFICATION_SETTINGS, { context: { silentErrors: true } });
  const failed = Boolean(query.error) && !query.data;
  const refetch = query.refetch;
  const toastKey = `notification-settings-load-${type}`;

  useEffect(() => {
    if (!failed) return;
    showRetryToast(notification, {
      key: toastKey,
      title: t('toast.load_failed'),
      retryText: t('toast.retry'),
      okText: t('toast.ok'),
      onRetry: () => void refetch(),
    });
  }, [failed, notification, refetch, t, toastKey]);
  useEffect(() => () => notification.destroy(toastKey), [notification, toastKey]);

  const settings = query.data?.notificationSettings ?? null;

  const save = useCallback(
    async (trigger: Trigger, change: SettingChange): Promise<boolean> => {
      if (!settings) return false;
      const current = settings[trigger];
      if (!current) return false;
      const byCategory = type === 'customer';
      const names = new Map(settings.scopeOptions.map((option) => [option.id, option.name]));
      const next: SettingValue = changed(current, change, byCategory, (id) => names.get(id));
      const optimistic = { ...settings, [trigger]: { ...current, ...next } };
      try {
        const { data } = await mutate({
          variables: {
            input: {
              type,
              [trigger]: {
                notificationType: next.notificationType,
                categoryIds: [...next.categoryIds],
                companyIds: [...next.companyIds],
              },
            },
          },
          optimisticResponse: { saveNotificationSettings: { notificationSettings: optimistic, errors: [] } },
          update(cache, result) {
            const saved = result.data?.saveNotificationSettings.notificationSettings;
            if (!saved) return;
            cache.writeQuery({ query: NOTIFICATION_SETTINGS, variables: { type }, data: { notificationSettings: saved } });
          },
        });
        const answer = data?.saveNotificationSettings;
        if (!answer || answer.errors.length > 0 || !answer.notificationSettings) {
          if (answer?.errors.length) reportServerErrors(answer.errors);
          else void message.error(t('toast.save_failed'));
          return false;
        }
        void message.success(t('toast.saved'), SAVED_TOAST_S);
        return true;
      } catch {
        void message.error(t('toast.save_failed'));
        return false;
      }
    },
    [message, mutate, settings, t, type],
  );

  return { settings, loading: query.loading && !query.data, failed, save };
}
