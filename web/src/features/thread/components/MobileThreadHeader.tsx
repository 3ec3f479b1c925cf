import { ArrowLeftOutlined, MoreOutlined } from '@ant-design/icons';
import { Badge, Button, Flex, Tag, Typography, theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { priorityLabel, statusColor, statusLabel } from '../../task-list';
import { isFinished } from '../utils/threadState';
import type { ThreadMenuProps } from './ThreadMenu';
import { formatDate } from '../../../app/i18n/dates';

// The menu's sheet, with its pickers and dialogs, is a chunk of its own, fetched on the first open.
const ThreadMenu = lazy(async () => ({ default: (await import('./ThreadMenu')).ThreadMenu }));

export type MobileThreadHeaderProps = Omit<ThreadMenuProps, 'open' | 'onClose'> & {
  /** Back to the thread list. */
  readonly onBack: () => void;
};

/**
 * The thread's header on the mobile inbox, where the thread has the whole screen: the way
 * back to the list, the title with status, priority and due date, and the thread menu.
 */
export function MobileThreadHeader({ onBack, ...menu }: MobileThreadHeaderProps) {
  const { t } = useTranslation('thread');
  const { t: ti } = useTranslation('inbox');
  const { token } = theme.useToken();
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from the first open on, so that the sheet slides away when closed.
  const [menuMounted, setMenuMounted] = useState(false);
  const { task } = menu;
  const overdue = task.overdue && !isFinished(task.status) && !task.hidden;
  return (
    <Flex align="center" gap={4} style={{ padding: '6px 8px', borderBottom: `1px solid ${token.colorSplit}` }}>
      <Button type="text" icon={<ArrowLeftOutlined />} aria-label={ti('mobile.back_to_threads')} onClick={onBack} />
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: token.fontSizeLG }} ellipsis>
          {task.title}
        </Typography.Title>
        <Flex align="center" gap={8} wrap style={{ fontSize: token.fontSizeSM }}>
          <Badge status={statusColor(task.status) as 'default'} text={statusLabel(t, task.status)} data-testid="thread-status" />
          {task.urgent && <Tag color="red">{t('header.urgent')}</Tag>}
          {task.priority !== 'medium' && <Typography.Text type="secondary">{priorityLabel(t, task.priority)}</Typography.Text>}
          {task.dueDate && (
            <Typography.Text type={overdue ? 'danger' : 'secondary'}>
              {t('header.due', { date: formatDate(task.dueDate) })}
            </Typography.Text>
          )}
        </Flex>
      </Flex>
      <Button
        type="text"
        icon={<MoreOutlined />}
        aria-label={ti('mobile.thread_menu')}
        aria-haspopup="dialog"
        aria-expanded={menuOpen}
        onClick={() => {
          setMenuMounted(true);
          setMenuOpen(true);
        }}
      />
      {menuMounted && (
        <Suspense fallback={null}>
          <ThreadMenu {...menu} open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </Flex>
  );
}
