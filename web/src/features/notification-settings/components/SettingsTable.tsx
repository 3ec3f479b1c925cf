import { Button, Flex, Select, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingChange, SettingsData } from '../hooks/useNotificationSettings';
import { badgeValue, triggersFor, typesFor, type SettingType, type Trigger } from '../utils/settings';
import { ScopeModal } from './ScopeModal';
import { DataTable } from '../../../shared/table/DataTable';
import { useBreakpoint } from '../../../shared/hooks/useBreakpoint';

export interface SettingsTableProps {
  readonly type: SettingType;
  readonly settings: SettingsData | null;
  readonly loading: boolean;
  readonly disabled: boolean;
  readonly onChange: (trigger: Trigger, change: SettingChange) => void;
}

interface Row {
  readonly key: Trigger;
  readonly label: string;
}

/** One row per trigger (002 §2.13): its notification type and the badge of what it applies to. */
export function SettingsTable({ type, settings, loading, disabled, onChange }: SettingsTableProps) {
  const { t } = useTranslation('notificationSettings');
  const screens = useBreakpoint();
  const wide = screens.md !== false;
  const byCategory = type === 'customer';
  const [editing, setEditing] = useState<Trigger | null>(null);
  const names = useMemo(() => new Map((settings?.scopeOptions ?? []).map((o) => [o.id, o.name])), [settings]);
  const rows: Row[] = triggersFor(type).map((trigger) => ({ key: trigger, label: t(`trigger.${trigger}`) }));

  const typeSelect = (row: Row) => {
    const setting = settings?.[row.key];
    return (
      <Select
        aria-label={`${row.label}: ${t('column.notification_type')}`}
        value={setting?.notificationType}
        disabled={disabled || !setting}
        style={{ width: 170 }}
        onChange={(value: string) => onChange(row.key, { notificationType: value })}
        options={typesFor(row.key).map((value) => ({ value, label: t(`type.${value}`) }))}
      />
    );
  };
  const badge = (row: Row) => {
    const setting = settings?.[row.key];
    if (!setting) return null;
    const value = badgeValue(setting, byCategory, (id) => names.get(id));
    const text = value.kind === 'one' ? value.name : t(value.kind === 'all' ? 'badge.all' : 'badge.multiple');
    const label = t(byCategory ? 'badge.apply_to_categories' : 'badge.apply_to_companies', { value: text });
    const inactive = setting.notificationType === 'none';
    const button = (
      <Button
        size="small"
        shape="round"
        disabled={disabled || inactive}
        onClick={() => setEditing(row.key)}
        style={{ maxWidth: '100%' }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{label}</span>
      </Button>
    );
    return inactive ? <Tooltip title={t('badge.inactive')}>{button}</Tooltip> : button;
  };

  const columns: ColumnsType<Row> = wide
    ? [
        { key: 'trigger', title: t('column.trigger'), render: (_, row) => row.label },
        { key: 'type', title: t('column.notification_type'), width: 200, render: (_, row) => typeSelect(row) },
        { key: 'scope', title: t('column.scope'), width: 230, render: (_, row) => badge(row) },
      ]
    : [
        {
          key: 'trigger',
          title: t('column.trigger'),
          render: (_, row) => (
            <Flex vertical gap={8}>
              <Typography.Text>{row.label}</Typography.Text>
              <Flex gap={8} wrap align="center">
                {typeSelect(row)}
                {badge(row)}
              </Flex>
            </Flex>
          ),
        },
      ];

  const editingSetting = editing ? settings?.[editing] : null;
  return (
    <>
      <DataTable<Row>
        rowKey="key"
        columns={columns}
        dataSource={rows}
        pagination={false}
        loading={loading}
        data-testid={`notification-settings-${type}`}
      />
      <ScopeModal
        open={Boolean(editing && editingSetting)}
        trigger={editing ? t(`trigger.${editing}`) : ''}
        byCategory={byCategory}
        options={settings?.scopeOptions ?? []}
        selected={editingSetting ? (byCategory ? editingSetting.categoryIds : editingSetting.companyIds) : []}
        onCancel={() => setEditing(null)}
        onSave={(ids) => {
          if (editing) onChange(editing, { ids });
          setEditing(null);
        }}
      />
    </>
  );
}
