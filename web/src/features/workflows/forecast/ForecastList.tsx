import { WarningOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { Button, Card, Empty, Flex, List, Pagination, Result, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatLongDate } from '../../../app/i18n/dates';
import { paths } from '../../../app/router/paths';
import type { WorkflowForecastTasksQuery } from '../../../gql/graphql';
import { monthWindow, movedReason } from './forecastDays';
import { WORKFLOW_FORECAST_TASKS } from './graphql';

type Task = WorkflowForecastTasksQuery['workflowForecast']['tasks'][number];

export const LIST_PAGE_SIZE = 20;

export interface ForecastScope {
  readonly companyIds?: string[];
  readonly categoryIds?: string[];
  readonly workflowIds?: string[];
  readonly assigneeIds?: string[];
}

export interface ForecastListProps {
  readonly month: Dayjs;
  readonly day: string | null;
  readonly scope: ForecastScope;
  readonly page: number;
  readonly onPage: (page: number) => void;
  readonly onWholeMonth: () => void;
  /** No company workflow has a timed trigger: the empty state says how to plan runs. */
  readonly nothingPlanned: boolean;
}

/** The tasks due on the chosen day, or in the month, one page at a time. */
export function ForecastList({ month, day, scope, page, onPage, onWholeMonth, nothingPlanned }: ForecastListProps) {
  const { t } = useTranslation('workflowForecast');
  const span = day ? { dateFrom: day, dateTo: day } : monthWindow(month);
  const { data, previousData, loading, error, refetch } = useQuery(WORKFLOW_FORECAST_TASKS, {
    variables: { ...span, ...scope, page, limit: LIST_PAGE_SIZE },
  });
  const answer = (data ?? previousData)?.workflowForecast;
  const total = answer?.totalCount ?? 0;
  const title = day ? t('list.day', { date: formatLongDate(day) }) : t('list.month', { month: month.format('MMMM YYYY') });
  const from = (page - 1) * LIST_PAGE_SIZE + 1;

  let body;
  if (error && !answer) {
    body = (
      <Result
        status="warning"
        title={t('load_failed')}
        extra={
          <Button onClick={() => void refetch()} type="primary">
            {t('retry')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <List
        loading={loading}
        dataSource={answer?.tasks ?? []}
        rowKey={(task) => `${task.companyWorkflowId}/${task.runAt}/${task.nodeId}`}
        locale={{
          emptyText: loading ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(nothingPlanned ? 'list.empty_none' : 'list.empty')} />,
        }}
        renderItem={(task) => <ForecastItem task={task} />}
      />
    );
  }
  return (
    <Card
      size="small"
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {title}
        </Typography.Title>
      }
      extra={
        day ? (
          <Button size="small" type="link" onClick={onWholeMonth}>
            {t('list.whole_month')}
          </Button>
        ) : null
      }
      styles={{ body: { paddingTop: 0 } }}
    >
      <div role="region" aria-label={t('list.label')}>
        {body}
      </div>
      {total > LIST_PAGE_SIZE ? (
        <Flex justify="space-between" align="center" wrap gap={8} style={{ paddingTop: 8 }}>
          <Typography.Text type="secondary">
            {t('list.showing', { from, to: Math.min(total, from + LIST_PAGE_SIZE - 1), total })}
          </Typography.Text>
          <Pagination simple size="small" current={page} pageSize={LIST_PAGE_SIZE} total={total} onChange={onPage} showSizeChanger={false} />
        </Flex>
      ) : null}
    </Card>
  );
}

function ForecastItem({ task }: { readonly task: Task }) {
  const { t } = useTranslation('workflowForecast');
  const moved = task.nominalDueDate && task.dueDate && task.nominalDueDate !== task.dueDate;
  const reason = movedReason(task.dueMovedOver, t('list.weekend'));
  return (
    <List.Item>
      <Flex vertical gap={2} style={{ minWidth: 0, width: '100%' }}>
        <Flex justify="space-between" gap={8} wrap>
          <Typography.Text strong>{task.title}</Typography.Text>
          <Typography.Text>{task.dueDate ? t('list.due', { date: formatDate(task.dueDate) }) : t('list.no_due')}</Typography.Text>
        </Flex>
        <Typography.Text type="secondary" ellipsis>
          <Link
            to={paths.agentCompanyWorkflows(task.company.uuid)}
            aria-label={t('list.open_workflows', { company: task.company.name })}
            style={{ textDecoration: 'underline' }}
          >
            {task.company.name}
          </Link>
          {' · '}
          {task.workflowName}
        </Typography.Text>
        <Flex gap={4} wrap align="center">
          <Tag style={{ color: task.category.color, background: task.category.bgColor, borderColor: task.category.bgColor, marginInlineEnd: 0 }}>
            {task.category.name}
          </Tag>
          <Tag style={{ marginInlineEnd: 0 }}>{task.assignee?.name ?? t('list.unassigned')}</Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('list.starts', { date: formatDate(dayjs(task.runDate)) })}
            {moved ? ` · ${t('list.moved', { date: formatDate(task.nominalDueDate), reason })}` : ''}
          </Typography.Text>
        </Flex>
        {task.problem ? (
          <Typography.Text type="danger" style={{ fontSize: 12 }}>
            <WarningOutlined aria-hidden /> {t(`list.problem.${task.problem as 'invalid_category'}`, { defaultValue: task.problem })}
          </Typography.Text>
        ) : null}
      </Flex>
    </List.Item>
  );
}
