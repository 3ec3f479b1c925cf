import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../shared/ui/PagePlaceholder';

/** Notification settings of the signed-in user. */
export function NotificationSettingsPage() {
  const { t } = useTranslation('notificationSettings');
  return <PagePlaceholder title={t('page.title')} />;
}
