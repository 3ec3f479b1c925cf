import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useInit } from '../../../app/session/SessionProvider';
import { SettingsPage } from '../../../shared/ui/SettingsPage';
import { SettingsTable } from '../components/SettingsTable';
import { useNotificationSettings } from '../hooks/useNotificationSettings';
import { tabsFor, type SettingType } from '../utils/settings';

const TAB_OF: Record<SettingType, 'all' | 'my_customers'> = {
  customer: 'all',
  portico: 'all',
  portico_customers: 'my_customers',
};

function TypeSettings({ type }: { readonly type: SettingType }) {
  const { settings, loading, failed, save } = useNotificationSettings(type);
  return (
    <SettingsTable
      type={type}
      settings={settings}
      loading={loading}
      disabled={failed}
      onChange={(trigger, change) => void save(trigger, change)}
    />
  );
}

/**
 * /notification-settings (002 §2.13): one row per trigger with its notification type and scope.
 * Customers have one table; staff have the tabs all and, when responsible for a company,
 * my_customers (kept in the query as tab=).
 */
export function NotificationSettingsPage() {
  const { t } = useTranslation('notificationSettings');
  const init = useInit();
  const [params, setParams] = useSearchParams();
  const types = tabsFor(init.user.userType, init.user.responsible);
  const wanted = params.get('tab');
  const active: SettingType = types.find((type) => TAB_OF[type] === wanted) ?? types[0] ?? 'customer';
  return (
    <SettingsPage breadcrumb={[]} title={t('page.title')} subtitle={t('page.subtitle')} state={{ kind: 'ready' }}>
      {types.length > 1 ? (
        <Tabs
          activeKey={TAB_OF[active]}
          onChange={(key) => setParams(key === 'all' ? {} : { tab: key }, { replace: true })}
          items={types.map((type) => ({
            key: TAB_OF[type],
            label: t(`tabs.${TAB_OF[type]}`),
            children: <TypeSettings type={type} />,
          }))}
          destroyOnHidden
        />
      ) : (
        <TypeSettings type={active} />
      )}
    </SettingsPage>
  );
}
