import { Button, Drawer, Empty, Flex, Result, Skeleton, Tag, Typography, theme } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatWeekdayDate } from '../../../app/i18n/dates';
import { movedReason } from '../../workflows';
import { UPCOMING_LIMIT, useUpcomingTasks, type UpcomingTask } from '../hooks/useUpcomingTasks';
import { byDate, severalCompanies } from '../utils/byDate';

export interface ComingUpDrawerProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** Called once the closing animation has ended. */
  readonly afterClose: () => void;
  /** The companies looked at; undefined: all the viewer's. */
  readonly companyIds: readonly string[] | undefined;
}

/**
 * Coming up: the tasks that scheduled workflows will open in the next 90 days, grouped by
 * the day they fall due, so that a customer sees what will be asked of them before the task
 * is in the inbox.
 */
export function ComingUpDrawer({ open, onClose, afterClose, companyIds }: ComingUpDrawerProps) {
  const { t } = useTranslation('comingUp');
  const titleId = useId();
  const upcoming = useUpcomingTasks(companyIds);
  const named = severalCompanies(upcoming.tasks);

  let body;
  if (upcoming.error) {
    body = (
      <Result
        status="warning"
        title={t('load_failed')}
        extra={
          <Button type="primary" onClick={upcoming.retry}>
            {t('retry')}
          </Button>
        }
      />
    );
  } else if (upcoming.loading) {
    body = (
      <div aria-busy="true" aria-label={t('loading')} role="status">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  } else if (upcoming.tasks.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />;
  } else {
    body = (
      <>
        {byDate(upcoming.tasks).map((group) => (
          <div role="group" key={group.date} aria-labelledby={`${titleId}-${group.date}`} style={{ marginBottom: 16 }}>
            <Typography.Title level={3} id={`${titleId}-${group.date}`} style={{ fontSize: 14, margin: '0 0 4px' }}>
              {formatWeekdayDate(group.date)}
            </Typography.Title>
            <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {group.items.map((task) => (
                <ComingUpItem key={task.id} task={task} showCompany={named} />
              ))}
            </ul>
          </div>
        ))}
        {upcoming.tasks.length >= UPCOMING_LIMIT ? (
          <Typography.Text type="secondary">{t('list.more', { count: upcoming.tasks.length })}</Typography.Text>
        ) : null}
      </>
    );
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      afterOpenChange={(isOpen) => {
        if (!isOpen) afterClose();
      }}
      placement="right"
      size="min(440px, 100vw)"
      aria-labelledby={titleId}
      title={
        <Typography.Title level={2} id={titleId} style={{ fontSize: 18, margin: 0 }}>
          {t('title')}
        </Typography.Title>
      }
      data-testid="coming-up"
      styles={{ body: { padding: 0, overflow: 'hidden', display: 'flex', flexDirection: 'column' } }}
    >
      {/* The list scrolls in a region of its own that the keyboard can reach (and scroll). */}
      <div role="region" aria-label={t('list.label')} tabIndex={0} style={{ flex: 1, minHeight: 0, overflow: 'auto', padding: 24 }}>
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        {body}
      </div>
    </Drawer>
  );
}

interface ComingUpItemProps {
  readonly task: UpcomingTask;
  readonly showCompany: boolean;
}

function ComingUpItem({ task, showCompany }: ComingUpItemProps) {
  const { t } = useTranslation('comingUp');
  const { token } = theme.useToken();
  const moved = task.dueDate && task.nominalDueDate && task.nominalDueDate !== task.dueDate;
  const notes = [
    // the day's heading is its due date; a task without one falls on its run's start
    task.dueDate ? null : t('list.no_due'),
    moved ? t('list.moved', { date: formatDate(task.nominalDueDate), reason: movedReason(task.dueMovedOver, t('list.weekend')) }) : null,
    t('list.starts', { date: formatDate(task.runDate) }),
  ].filter(Boolean);
  return (
    <li style={{ padding: '8px 0', borderBottom: `1px solid ${token.colorSplit}` }}>
      <Flex vertical gap={2} style={{ minWidth: 0 }}>
        <Typography.Text strong>{task.title}</Typography.Text>
        <Typography.Text type="secondary">
          {task.workflowName}
          {showCompany ? ` · ${task.company.name}` : ''}
        </Typography.Text>
        <Flex gap={6} wrap align="center">
          <Tag
            style={{
              color: task.category.color,
              background: task.category.bgColor,
              borderColor: task.category.bgColor,
              marginInlineEnd: 0,
            }}
          >
            {task.category.name}
          </Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {notes.join(' · ')}
          </Typography.Text>
        </Flex>
      </Flex>
    </li>
  );
}
