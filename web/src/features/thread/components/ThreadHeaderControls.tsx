import { DatePicker, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { NOBODY, dueDateValue, isPastDay, useThreadControls } from '../hooks/useThreadControls';
import { PRIORITIES, priorityLabel } from '../../task-list';
import type { ThreadTask } from '../utils/types';

// The header's pickers, for those who may change the thread (ThreadHeader loads this module
// for them only: most customers read the same values as text).

interface ControlProps {
  readonly task: ThreadTask;
  readonly disabled: boolean;
}

export function StatusControl({ task, disabled, onChange }: ControlProps & { readonly onChange: (status: string) => void }) {
  const { t } = useTranslation('thread');
  const { statusOptions } = useThreadControls(task);
  return (
    <Select
      aria-label={t('header.status')}
      size="small"
      style={{ minWidth: 140 }}
      value={task.status}
      options={statusOptions}
      disabled={disabled}
      onChange={(value) => value !== task.status && onChange(value)}
      data-testid="thread-status"
    />
  );
}

export function PriorityControl({ task, disabled, onChange }: ControlProps & { readonly onChange: (priority: string) => void }) {
  const { t } = useTranslation('thread');
  return (
    <Select
      aria-label={t('header.priority')}
      size="small"
      style={{ minWidth: 120 }}
      value={task.priority}
      options={PRIORITIES.map((p) => ({ value: p, label: priorityLabel(t, p) }))}
      disabled={disabled}
      onChange={(value) => value !== task.priority && onChange(value)}
    />
  );
}

export function DueDateControl({
  task,
  disabled,
  overdue,
  onChange,
}: ControlProps & { readonly overdue: boolean; readonly onChange: (dueDate: string | null) => void }) {
  const { t } = useTranslation('thread');
  const { dueDatePresets } = useThreadControls(task);
  return (
    <DatePicker
      aria-label={t('header.due_date')}
      size="small"
      placeholder={t('header.due_date')}
      value={task.dueDate ? dayjs(task.dueDate) : null}
      presets={dueDatePresets}
      disabledDate={isPastDay}
      status={overdue ? 'error' : undefined}
      disabled={disabled}
      onChange={(value: Dayjs | null) => onChange(dueDateValue(value))}
    />
  );
}

export function AssigneeControl({ task, disabled, onChange }: ControlProps & { readonly onChange: (userId: string | null) => void }) {
  const { t } = useTranslation('thread');
  const { staffOptions, staffLoading, loadStaff } = useThreadControls(task);
  return (
    <Select
      aria-label={t('header.responsible')}
      size="small"
      style={{ minWidth: 180 }}
      showSearch={{ optionFilterProp: 'label' }}
      value={task.responsible?.uuid ?? NOBODY}
      options={staffOptions}
      loading={staffLoading}
      disabled={disabled}
      onOpenChange={(open) => open && loadStaff()}
      onChange={(value: string) => onChange(value === NOBODY ? null : value)}
    />
  );
}

export function UrgentControl({ task, disabled, onChange }: ControlProps & { readonly onChange: (urgent: boolean) => void }) {
  const { t } = useTranslation('thread');
  return (
    <Switch size="small" checked={task.urgent} disabled={disabled} aria-label={t('header.urgent')} onChange={(checked) => onChange(checked)} />
  );
}
