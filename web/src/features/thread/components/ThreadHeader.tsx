import {
  CloseOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EyeInvisibleOutlined,
  FilePdfOutlined,
  MoreOutlined,
  PaperClipOutlined,
} from '@ant-design/icons';
import { Badge, Button, Dropdown, Flex, Tag, Tooltip, Typography, theme, type MenuProps } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ThreadActionHandlers } from '../hooks/useThreadControls';
import { priorityLabel, statusColor, statusLabel } from '../../task-list';
import { isFinished, type ThreadAbilities } from '../utils/threadState';
import type { ThreadTask } from '../utils/types';
import { formatDate } from '../../../app/i18n/dates';

// The pickers (antd's Select, DatePicker and Switch, about 50 kB gzip) are a chunk fetched
// only for a thread its reader may change; preloadHeaderControls starts it early for staff.
const loadControls = () => import('./ThreadHeaderControls');
const StatusControl = lazy(async () => ({ default: (await loadControls()).StatusControl }));
const PriorityControl = lazy(async () => ({ default: (await loadControls()).PriorityControl }));
const DueDateControl = lazy(async () => ({ default: (await loadControls()).DueDateControl }));
const AssigneeControl = lazy(async () => ({ default: (await loadControls()).AssigneeControl }));
const UrgentControl = lazy(async () => ({ default: (await loadControls()).UrgentControl }));

/** Starts fetching the header's pickers (for staff, while the thread loads). */
export function preloadHeaderControls(): void {
  void loadControls().catch(() => {
    // The controls' own lazy import reports the failure when they render.
  });
}

/** A picker's place while its chunk loads, so that the row does not move when it comes. */
function Control({ width, height = 24, children }: { readonly width: number; readonly height?: number; readonly children: ReactNode }) {
  return <Suspense fallback={<span style={{ display: 'inline-block', minWidth: width, height }} />}>{children}</Suspense>;
}

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
          <Control width={140}>
            <StatusControl task={task} disabled={busy} onChange={onChangeStatus} />
          </Control>
        ) : (
          <Badge
            status={statusColor(task.status) as 'default'}
            text={statusLabel(t, task.status)}
            data-testid="thread-status"
          />
        )}
        {abilities.changePriority ? (
          <Control width={120}>
            <PriorityControl task={task} disabled={busy} onChange={onChangePriority} />
          </Control>
        ) : (
          task.priority !== 'medium' && <Typography.Text>{priorityLabel(t, task.priority)}</Typography.Text>
        )}
        {abilities.changeDueDate ? (
          <Control width={130}>
            <DueDateControl task={task} disabled={busy} overdue={overdue} onChange={onChangeDueDate} />
          </Control>
        ) : (
          task.dueDate && (
            <Typography.Text type={overdue ? 'danger' : undefined}>
              {t('header.due', { date: formatDate(task.dueDate) })}
            </Typography.Text>
          )
        )}
        {abilities.isStaff &&
          (abilities.assign ? (
            <Control width={180}>
              <AssigneeControl task={task} disabled={busy} onChange={onAssign} />
            </Control>
          ) : (
            <Typography.Text type={task.responsibleActive ? undefined : 'secondary'}>
              {t('header.responsible_is', { name: task.responsible?.name ?? t('header.nobody') })}
            </Typography.Text>
          ))}
        {abilities.changeUrgent && (
          <Flex gap={6} align="center">
            <Control width={28} height={16}>
              <UrgentControl task={task} disabled={busy} onChange={onChangeUrgent} />
            </Control>
            <Typography.Text>{t('header.urgent')}</Typography.Text>
          </Flex>
        )}
      </Flex>
    </Flex>
  );
}
