import { ArrowDownOutlined, ArrowUpOutlined, DoubleRightOutlined, ExclamationCircleFilled } from '@ant-design/icons';
import { Badge, Checkbox, Flex, Tag, Tooltip, Typography, theme } from 'antd';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxThread } from './hooks/useInboxThreads';
import { highlightParts } from './highlight';
import type { OverdueState } from '../../task-list';
import { formatDate, formatTime } from '../../../app/i18n/dates';

export interface ThreadCardProps {
  readonly thread: InboxThread;
  readonly open: boolean;
  readonly selected: boolean;
  /** Hides the checkbox (phones, or users without any bulk action). */
  readonly selectable: boolean;
  /** The mobile card: no checkbox, more room to tap. */
  readonly mobile?: boolean;
  readonly overdue: OverdueState;
  /** Shows the company name (group and all-companies views). */
  readonly showCompany: boolean;
  /** Staff see the assignee. */
  readonly showResponsible: boolean;
  /** The matching text of a search hit (HTML-escaped, words in <mark>). */
  readonly highlight?: string | null;
  /** The thread's address: the card is a link to it (new tab, copy link). */
  readonly href: string;
  readonly onOpen: (thread: InboxThread) => void;
  readonly onToggleSelected: (thread: InboxThread) => void;
}

/** The height a card takes in the virtual list before it is measured. */
export const THREAD_CARD_HEIGHT = 84;

// Solid tags with white text: each colour passes WCAG AA (4.5:1) against white.
const STATUS_COLOR: Record<string, string> = {
  created: '#0958d9',
  in_progress: '#ad4e00',
  closed: '#237804',
  failed: '#cf1322',
  skipped: '#595959',
  cancelled: '#595959',
};

function PriorityIcon({ priority }: { readonly priority: string }): ReactNode {
  const { t } = useTranslation('inbox');
  if (priority === 'medium') return null;
  const label = t(`priority.${priority as 'very_high' | 'high' | 'low'}`);
  const icon =
    priority === 'very_high' ? (
      <DoubleRightOutlined rotate={-90} style={{ color: '#cf1322' }} />
    ) : priority === 'high' ? (
      <ArrowUpOutlined style={{ color: '#ad4e00' }} />
    ) : (
      <ArrowDownOutlined style={{ color: '#0958d9' }} />
    );
  return (
    <Tooltip title={label}>
      <span role="img" aria-label={label}>
        {icon}
      </span>
    </Tooltip>
  );
}

/** One thread of the sidebar list: title, status, priority, due date, sender and assignee. */
export function ThreadCard({
  thread,
  open,
  selected,
  selectable,
  mobile = false,
  overdue,
  showCompany,
  showResponsible,
  highlight,
  href,
  onOpen,
  onToggleSelected,
}: ThreadCardProps) {
  const { t } = useTranslation('inbox');
  const { token } = theme.useToken();
  const unread = !thread.read || thread.unreadCount > 0;
  const rowTint =
    overdue === 'overdue' ? token.colorErrorBg : overdue === 'overdue_soon' ? token.colorWarningBg : undefined;
  const dueColor = overdue === 'overdue' ? token.colorErrorText : overdue === 'overdue_soon' ? '#874d00' : undefined;
  // no author: a workflow's run started the thread, so it is named as the thread view names it
  const sender = thread.user
    ? thread.user.masked
      ? t('card.provider')
      : thread.user.name
    : (thread.workflow?.name ?? t('card.system'));
  // A plain click opens the thread in the page (or closes it when open); a click with a
  // modifier or the middle button is the browser's: a new tab or window.
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(thread);
  };
  // Enter follows the link (a click); Space opens it too, as it did when the card was a button.
  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === ' ') {
      event.preventDefault();
      onOpen(thread);
    }
  };
  const status = thread.status as keyof typeof STATUS_COLOR;
  return (
    <div
      data-testid="thread-row"
      data-thread-id={thread.uuid}
      data-overdue={overdue}
      data-layout={mobile ? 'mobile' : 'desktop'}
      style={{
        display: 'flex',
        gap: 8,
        padding: mobile ? '12px 16px' : '8px 12px',
        minHeight: THREAD_CARD_HEIGHT,
        boxSizing: 'border-box',
        borderBottom: `1px solid ${token.colorSplit}`,
        background: open ? token.controlItemBgActive : rowTint,
        borderInlineStart: `3px solid ${open ? token.colorPrimary : overdue === 'overdue' ? token.colorError : 'transparent'}`,
      }}
    >
      {selectable && !mobile && (
        <Checkbox
          checked={selected}
          onChange={() => onToggleSelected(thread)}
          aria-label={t('list.select_thread', { title: thread.title })}
          style={{ alignSelf: 'flex-start', marginTop: 2 }}
        />
      )}
      <a
        href={href}
        data-testid="thread-link"
        aria-current={open ? 'page' : undefined}
        onClick={onClick}
        onKeyDown={onKeyDown}
        style={{ display: 'block', flex: 1, minWidth: 0, color: 'inherit', outlineOffset: 2 }}
      >
        <Flex align="center" gap={6}>
          {thread.urgent && (
            <Tooltip title={t('card.urgent')}>
              <ExclamationCircleFilled role="img" aria-label={t('card.urgent')} style={{ color: token.colorError }} />
            </Tooltip>
          )}
          <PriorityIcon priority={thread.priority} />
          <Typography.Text strong={unread} ellipsis style={{ flex: 1, minWidth: 0 }}>
            {thread.title}
          </Typography.Text>
          {thread.unreadCount > 0 && (
            <Badge
              count={thread.unreadCount}
              overflowCount={99}
              title={t('card.unread', { count: thread.unreadCount })}
              style={{ backgroundColor: token.colorPrimary }}
            />
          )}
        </Flex>
        <Flex align="center" gap={6} wrap style={{ marginTop: 4 }}>
          <Tag color={STATUS_COLOR[status] ?? '#595959'} variant="solid" style={{ marginInlineEnd: 0 }}>
            {t(`status.${status as 'created'}`, { defaultValue: thread.status })}
          </Tag>
          {showCompany && (
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 140, fontSize: 12 }}>
              {thread.company.name}
            </Typography.Text>
          )}
          {thread.dueDate && (
            <Typography.Text style={{ fontSize: 12, color: dueColor }} data-testid="thread-due">
              {overdue === 'overdue'
                ? t('card.overdue', { date: formatDate(thread.dueDate) })
                : overdue === 'overdue_soon'
                  ? t('card.due_soon', { date: formatDate(thread.dueDate) })
                  : t('card.due', { date: formatDate(thread.dueDate) })}
            </Typography.Text>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 'auto' }}>
            {formatTime(thread.activityAt)}
          </Typography.Text>
        </Flex>
        {highlight && (
          <Typography.Paragraph ellipsis={{ rows: 1 }} style={{ margin: '2px 0 0', fontSize: 12 }} data-testid="search-hit">
            {highlightParts(highlight).map((part, i) =>
              part.marked ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
            )}
          </Typography.Paragraph>
        )}
        <Flex gap={6} style={{ marginTop: 2, fontSize: 12 }}>
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: '50%' }}>
            {t('card.from', { name: sender })}
            {showResponsible && thread.user && !thread.user.masked && !thread.userActive && ` ${t('card.inactive')}`}
          </Typography.Text>
          {showResponsible && (
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: '50%' }}>
              {thread.responsible
                ? `${t('card.assignee', { name: thread.responsible.name })}${thread.responsibleActive ? '' : ` ${t('card.inactive')}`}`
                : t('card.unassigned')}
            </Typography.Text>
          )}
        </Flex>
      </a>
    </div>
  );
}
