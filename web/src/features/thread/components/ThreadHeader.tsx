import {
  CloseOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EyeInvisibleOutlined,
  FilePdfOutlined,
  MoreOutlined,
  PaperClipOutlined,
} from '@ant-design/icons';
import { Badge, Button, DatePicker, Dropdown, Flex, Select, Switch, Tag, Tooltip, Typography, theme, type MenuProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { NOBODY, dueDateValue, isPastDay, useThreadControls, type ThreadActionHandlers } from '../hooks/useThreadControls';
import { PRIORITIES, priorityLabel, statusColor, statusLabel } from '../../task-list/labels';
import { isFinished, type ThreadAbilities } from '../utils/threadState';
import type { ThreadTask } from '../utils/types';
import { formatDate } from '../../../app/i18n/dates';

export interface ThreadHeaderProps extends ThreadActionHandlers {
  readonly task: ThreadTask;
  readonly abilities: ThreadAbilities;
  readonly attachmentsOpen: boolean;
  readonly attachmentCount: number | null;
  readonly busy: boolean;
  /** The attachments button (the task header has an Attachments tab instead). */
  readonly showAttachmentsToggle?: boolean;
  readonly onToggleAttachments: () => void;
  readonly onClose: () => void;
}

/** The thread's title, company and category, its status, priority, due date, assignee and actions. */
export function ThreadHeader({
  task,
  abilities,
  attachmentsOpen,
  attachmentCount,
  busy,
  showAttachmentsToggle = true,
  onToggleAttachments,
  onClose,
  onChangeStatus,
  onChangePriority,
  onChangeDueDate,
  onChangeUrgent,
  onAssign,
  onMarkUnread,
  onExportPdf,
  onDownloadAttachments,
  onDelete,
}: ThreadHeaderProps) {
  const { t } = useTranslation('thread');
  const { token } = theme.useToken();
  const { staffOptions, staffLoading, loadStaff, statusOptions, dueDatePresets } = useThreadControls(task);

  const menu: MenuProps['items'] = [
    abilities.markAsUnread && { key: 'unread', icon: <EyeInvisibleOutlined />, label: t('actions.mark_unread') },
    abilities.generatePdf && { key: 'pdf', icon: <FilePdfOutlined />, label: t('actions.export_pdf') },
    { key: 'zip', icon: <DownloadOutlined />, label: t('actions.download_attachments') },
    abilities.deleteTask && { key: 'divider', type: 'divider' as const },
    abilities.deleteTask && { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('actions.delete_thread') },
  ].filter(Boolean) as MenuProps['items'];

  const onMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'unread') onMarkUnread();
    if (key === 'pdf') onExportPdf();
    if (key === 'zip') onDownloadAttachments();
    if (key === 'delete') onDelete();
  };

  const overdue = task.overdue && !isFinished(task.status) && !task.hidden;
  const author = task.user?.name;

  return (
    <Flex vertical gap={8} style={{ padding: '12px 16px', borderBottom: `1px solid ${token.colorSplit}` }}>
      <Flex align="flex-start" gap={8}>
        <Flex vertical style={{ flex: 1, minWidth: 0 }}>
          <Typography.Title level={2} style={{ margin: 0, fontSize: token.fontSizeHeading4 }} ellipsis={{ tooltip: task.title }}>
            {task.title}
          </Typography.Title>
          <Typography.Text type="secondary">
            {[task.company.name, task.category?.name, author ? t('header.by', { name: author }) : null]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
        </Flex>
        {task.urgent && <Tag color="red">{t('header.urgent')}</Tag>}
        {showAttachmentsToggle && (
          <Tooltip title={t(attachmentsOpen ? 'actions.hide_attachments' : 'actions.show_attachments')}>
            <Badge count={attachmentCount ?? 0} size="small" color={token.colorPrimary}>
              <Button
                type={attachmentsOpen ? 'primary' : 'default'}
                icon={<PaperClipOutlined />}
                aria-pressed={attachmentsOpen}
                aria-label={t('actions.show_attachments')}
                onClick={onToggleAttachments}
              />
            </Badge>
          </Tooltip>
        )}
        <Dropdown menu={{ items: menu, onClick: onMenu }} trigger={['click']}>
          <Button icon={<MoreOutlined />} aria-label={t('actions.more')} />
        </Dropdown>
        <Button type="text" icon={<CloseOutlined />} aria-label={t('actions.close_thread')} onClick={onClose} />
      </Flex>
      <Flex wrap gap={12} align="center">
        {abilities.changeStatus ? (
          <Select
            aria-label={t('header.status')}
            size="small"
            style={{ minWidth: 140 }}
            value={task.status}
            options={statusOptions}
            disabled={busy}
            onChange={(value) => value !== task.status && onChangeStatus(value)}
            data-testid="thread-status"
          />
        ) : (
          <Badge
            status={statusColor(task.status) as 'default'}
            text={statusLabel(t, task.status)}
            data-testid="thread-status"
          />
        )}
        {abilities.changePriority ? (
          <Select
            aria-label={t('header.priority')}
            size="small"
            style={{ minWidth: 120 }}
            value={task.priority}
            options={PRIORITIES.map((p) => ({ value: p, label: priorityLabel(t, p) }))}
            disabled={busy}
            onChange={(value) => value !== task.priority && onChangePriority(value)}
          />
        ) : (
          task.priority !== 'medium' && <Typography.Text>{priorityLabel(t, task.priority)}</Typography.Text>
        )}
        {abilities.changeDueDate ? (
          <DatePicker
            aria-label={t('header.due_date')}
            size="small"
            placeholder={t('header.due_date')}
            value={task.dueDate ? dayjs(task.dueDate) : null}
            presets={dueDatePresets}
            disabledDate={isPastDay}
            status={overdue ? 'error' : undefined}
            disabled={busy}
            onChange={(value: Dayjs | null) => onChangeDueDate(dueDateValue(value))}
          />
        ) : (
          task.dueDate && (
            <Typography.Text type={overdue ? 'danger' : undefined}>
              {t('header.due', { date: formatDate(task.dueDate) })}
            </Typography.Text>
          )
        )}
        {abilities.isStaff &&
          (abilities.assign ? (
            <Select
              aria-label={t('header.responsible')}
              size="small"
              style={{ minWidth: 180 }}
              showSearch={{ optionFilterProp: 'label' }}
              value={task.responsible?.uuid ?? NOBODY}
              options={staffOptions}
              loading={staffLoading}
              disabled={busy}
              onOpenChange={(open) => open && loadStaff()}
              onChange={(value: string) => onAssign(value === NOBODY ? null : value)}
            />
          ) : (
            <Typography.Text type={task.responsibleActive ? undefined : 'secondary'}>
              {t('header.responsible_is', { name: task.responsible?.name ?? t('header.nobody') })}
            </Typography.Text>
          ))}
        {abilities.changeUrgent && (
          <Flex gap={6} align="center">
            <Switch
              size="small"
              checked={task.urgent}
              disabled={busy}
              aria-label={t('header.urgent')}
              onChange={(checked) => onChangeUrgent(checked)}
            />
            <Typography.Text>{t('header.urgent')}</Typography.Text>
          </Flex>
        )}
      </Flex>
    </Flex>
  );
}
