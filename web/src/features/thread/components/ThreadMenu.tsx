import {
  CalendarOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  ExclamationCircleOutlined,
  EyeInvisibleOutlined,
  FilePdfOutlined,
  FlagOutlined,
  PaperClipOutlined,
  SyncOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Button, Calendar, Drawer, Flex, Menu, Modal, Select, type MenuProps } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOBODY, dueDateValue, isPastDay, useThreadControls, type ThreadActionHandlers } from '../hooks/useThreadControls';
import { PRIORITIES, priorityLabel, statusLabel } from '../../task-list';
import type { ThreadAbilities } from '../utils/threadState';
import type { ThreadTask } from '../utils/types';
import { formatDate } from '../../../app/i18n/dates';

export interface ThreadMenuProps extends ThreadActionHandlers {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly task: ThreadTask;
  readonly abilities: ThreadAbilities;
  readonly busy: boolean;
  readonly onOpenAttachments: () => void;
  /** Copies a closed thread to a new one (opened in a new window). */
  readonly onCopy: () => void;
}

type Dialog = 'due' | 'assign' | null;

/**
 * The mobile thread menu (spec 001 §2): the desktop header's actions in one list, in a
 * sheet from the bottom of the screen. Status and priority open their choices in place;
 * the due date and the assignee open a dialog of their own.
 */
export function ThreadMenu({
  open,
  onClose,
  task,
  abilities,
  busy,
  onOpenAttachments,
  onCopy,
  ...actions
}: ThreadMenuProps) {
  const { t } = useTranslation('thread');
  const { t: ti } = useTranslation('inbox');
  const controls = useThreadControls(task);
  const [dialog, setDialog] = useState<Dialog>(null);
  const date = (iso: string) => formatDate(iso);

  const items: MenuProps['items'] = [
    {
      key: 'status',
      icon: <SyncOutlined />,
      label: ti('mobile.menu.status', { status: statusLabel(t, task.status) }),
      disabled: !abilities.changeStatus || busy,
      children: abilities.changeStatus
        ? controls.statusOptions.map((o) => ({ key: `status:${o.value}`, label: o.label }))
        : undefined,
    },
    abilities.changePriority && {
      key: 'priority',
      icon: <FlagOutlined />,
      label: ti('mobile.menu.priority', { priority: priorityLabel(t, task.priority) }),
      disabled: busy,
      children: PRIORITIES.map((p) => ({ key: `priority:${p}`, label: priorityLabel(t, p) })),
    },
    abilities.changeDueDate && {
      key: 'due',
      icon: <CalendarOutlined />,
      disabled: busy,
      label: task.dueDate ? ti('mobile.menu.due_date', { date: date(task.dueDate) }) : ti('mobile.menu.no_due_date'),
    },
    abilities.isStaff &&
      abilities.assign && {
        key: 'assign',
        icon: <UserOutlined />,
        disabled: busy,
        label: ti('mobile.menu.responsible', { name: task.responsible?.name ?? t('header.nobody') }),
      },
    abilities.changeUrgent && {
      key: 'urgent',
      icon: <ExclamationCircleOutlined />,
      disabled: busy,
      label: task.urgent ? ti('mobile.menu.urgent_off') : ti('mobile.menu.urgent_on'),
    },
    { key: 'divider-1', type: 'divider' as const },
    { key: 'attachments', icon: <PaperClipOutlined />, label: ti('mobile.menu.attachments') },
    abilities.markAsUnread && { key: 'unread', icon: <EyeInvisibleOutlined />, label: t('actions.mark_unread') },
    abilities.generatePdf && { key: 'pdf', icon: <FilePdfOutlined />, label: t('actions.export_pdf') },
    { key: 'zip', icon: <DownloadOutlined />, label: t('actions.download_attachments') },
    abilities.copyTask && { key: 'copy', icon: <CopyOutlined />, disabled: busy, label: t('footer.copy') },
    abilities.deleteTask && { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('actions.delete_thread') },
  ].filter(Boolean) as MenuProps['items'];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const [kind, value = ''] = key.split(':');
    onClose();
    switch (kind) {
      case 'status':
        if (value !== task.status) actions.onChangeStatus(value);
        return;
      case 'priority':
        if (value !== task.priority) actions.onChangePriority(value);
        return;
      case 'due':
        setDialog('due');
        return;
      case 'assign':
        controls.loadStaff();
        setDialog('assign');
        return;
      case 'urgent':
        actions.onChangeUrgent(!task.urgent);
        return;
      case 'attachments':
        onOpenAttachments();
        return;
      case 'unread':
        actions.onMarkUnread();
        return;
      case 'pdf':
        actions.onExportPdf();
        return;
      case 'zip':
        actions.onDownloadAttachments();
        return;
      case 'copy':
        onCopy();
        return;
      case 'delete':
        actions.onDelete();
        return;
    }
  };

  const setDueDate = (value: string | null) => {
    setDialog(null);
    if (value !== task.dueDate) actions.onChangeDueDate(value);
  };

  return (
    <>
      <Drawer
        open={open}
        onClose={onClose}
        placement="bottom"
        size="auto"
        title={ti('mobile.thread_menu')}
        styles={{ body: { padding: 0 } }}
        data-testid="thread-menu"
      >
        <Menu
          mode="inline"
          items={items}
          selectedKeys={[`status:${task.status}`, `priority:${task.priority}`]}
          onClick={onClick}
          style={{ borderInlineEnd: 0 }}
        />
      </Drawer>
      <Modal
        open={dialog === 'due'}
        title={ti('mobile.due_title')}
        onCancel={() => setDialog(null)}
        footer={
          <Flex gap={8} justify="flex-end" wrap>
            {task.dueDate && <Button onClick={() => setDueDate(null)}>{ti('mobile.due_clear')}</Button>}
            <Button onClick={() => setDialog(null)}>{t('actions.cancel')}</Button>
          </Flex>
        }
        destroyOnHidden
      >
        <Flex gap={8} wrap style={{ marginBottom: 8 }}>
          {controls.dueDatePresets.map((preset) => (
            <Button key={preset.label} size="small" onClick={() => setDueDate(dueDateValue(preset.value))}>
              {preset.label}
            </Button>
          ))}
        </Flex>
        <Calendar
          fullscreen={false}
          defaultValue={task.dueDate ? dayjs(task.dueDate) : dayjs()}
          disabledDate={isPastDay}
          onSelect={(day, { source }) => source === 'date' && setDueDate(dueDateValue(day))}
        />
      </Modal>
      <Modal
        open={dialog === 'assign'}
        title={ti('mobile.assign_title')}
        onCancel={() => setDialog(null)}
        footer={<Button onClick={() => setDialog(null)}>{t('actions.cancel')}</Button>}
        destroyOnHidden
      >
        <Select
          aria-label={t('header.responsible')}
          style={{ width: '100%' }}
          showSearch={{ optionFilterProp: 'label' }}
          value={task.responsible?.uuid ?? NOBODY}
          options={controls.staffOptions}
          loading={controls.staffLoading}
          onChange={(value: string) => {
            setDialog(null);
            actions.onAssign(value === NOBODY ? null : value);
          }}
        />
      </Modal>
    </>
  );
}
