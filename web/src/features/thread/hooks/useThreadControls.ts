import { useLazyQuery } from '@apollo/client/react';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { THREAD_USERS } from '../graphql/threadUsers';
import { statusLabel } from '../../task-list';
import type { ThreadTask } from '../utils/types';

/** The assignee picker's value for nobody. */
export const NOBODY = '__nobody__';

/**
 * What the thread's controls (the desktop header and the mobile thread menu) offer:
 * the statuses the server permits, the due-date presets and the staff to assign,
 * loaded when the picker first opens.
 */
export function useThreadControls(task: ThreadTask) {
  const { t } = useTranslation('thread');
  const [loadUsers, users] = useLazyQuery(THREAD_USERS);
  const staffOptions = useMemo(() => {
    const list = (users.data?.users.collection ?? []).filter((u) => u.userType === 'portico_user' && u.active);
    const options = list.map((u) => ({ value: u.uuid, label: u.name }));
    if (task.responsible?.uuid && !options.some((o) => o.value === task.responsible?.uuid)) {
      options.unshift({ value: task.responsible.uuid, label: task.responsible.name });
    }
    return [{ value: NOBODY, label: t('header.nobody') }, ...options];
  }, [users.data, task.responsible, t]);

  const loadStaff = useCallback(() => {
    if (!users.called) void loadUsers({ variables: { companyId: task.companyId, taskId: task.uuid, limit: 100 } });
  }, [loadUsers, task.companyId, task.uuid, users.called]);

  const statusOptions = [task.status, ...task.permittedTransitions.filter((s) => s !== task.status)].map((s) => ({
    value: s,
    label: statusLabel(t, s),
  }));

  // Due-date presets (spec 001 §9): today, tomorrow, next month, at the end of the day.
  const end = (d: Dayjs) => d.endOf('day');
  const dueDatePresets = [
    { label: t('due.today'), value: end(dayjs()) },
    { label: t('due.tomorrow'), value: end(dayjs().add(1, 'day')) },
    { label: t('due.next_month'), value: end(dayjs().add(1, 'month')) },
  ];

  return { staffOptions, staffLoading: users.loading, loadStaff, statusOptions, dueDatePresets };
}

/** A due date is the end of the chosen day; past days cannot be chosen. */
export const dueDateValue = (value: Dayjs | null): string | null => (value ? value.endOf('day').toISOString() : null);
export const isPastDay = (day: Dayjs): boolean => day.endOf('day').isBefore(dayjs());

/** The thread's actions, as the desktop header and the mobile thread menu call them. */
export interface ThreadActionHandlers {
  readonly onChangeStatus: (status: string) => void;
  readonly onChangePriority: (priority: string) => void;
  readonly onChangeDueDate: (dueDate: string | null) => void;
  readonly onChangeUrgent: (urgent: boolean) => void;
  readonly onAssign: (userId: string | null) => void;
  readonly onMarkUnread: () => void;
  readonly onExportPdf: () => void;
  readonly onDownloadAttachments: () => void;
  readonly onDelete: () => void;
}
