import { Alert, Empty, Flex, List, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate, formatWeekdayDate } from '../../../app/i18n/dates';
import { formatTimeIn } from '../../../app/i18n/zonedDates';
import type { CompanyWorkflowPreviewQuery } from '../../../gql/graphql';

type Run = CompanyWorkflowPreviewQuery['workflowPreview']['runs'][number];
type Moved = Run['movedOver'][number];
type Period = NonNullable<Run['reportingPeriod']>;

/** A reporting period as the language names it: 12 Nov 2026, Week 46, 2026, November 2026, Q4 2026, 2026. */
export function periodName(p: Period, t: TFunction<'workflowRuns'>): string {
  const start = dayjs(p.start);
  switch (p.unit) {
    case 'day':
      return formatDate(p.start);
    case 'week':
      // the ISO week's year and number, from its label (2026-W46)
      return t('period.week', { week: Number(p.label.slice(6)), year: p.label.slice(0, 4) });
    case 'month':
      return start.format('MMMM YYYY');
    case 'quarter':
      return t('period.quarter', { quarter: Math.floor(start.month() / 3) + 1, year: start.year() });
    default:
      return p.label;
  }
}

const day = (d: string) => formatWeekdayDate(d);

/** Why a date moved: the holidays' names, or the weekend. */
export function movedReason(moved: readonly Moved[], weekend: string): string {
  const names: string[] = [];
  for (const m of moved) {
    for (const h of m.holidays) if (!names.includes(h.name)) names.push(h.name);
    if (m.holidays.length === 0 && m.weekend && !names.includes(weekend)) names.push(weekend);
  }
  return names.join(', ');
}

function MovedNote({ nominal, moved }: { readonly nominal: string; readonly moved: readonly Moved[] }) {
  const { t } = useTranslation('workflowRuns');
  if (moved.length === 0) return null;
  return (
    <Typography.Text type="secondary" data-testid="preview-moved">
      {t('preview.moved', { date: day(nominal), reason: movedReason(moved, t('preview.weekend')) })}
    </Typography.Text>
  );
}

/** The next start dates and due dates of the triggers being edited (workflowPreview). */
export function PreviewList({ runs, loading, error }: { readonly runs: readonly Run[]; readonly loading: boolean; readonly error: boolean }) {
  const { t } = useTranslation('workflowRuns');
  if (error) return <Alert type="warning" showIcon title={t('preview.failed')} />;
  if (loading && runs.length === 0) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (runs.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('preview.empty')} />;
  return (
    <List
      data-testid="preview-list"
      size="small"
      dataSource={[...runs]}
      renderItem={(run, i) => (
        <List.Item key={`${run.at}-${i}`} data-testid="preview-run" style={{ display: 'block' }}>
          <Flex vertical gap={2}>
            <Flex gap={8} wrap align="center">
              <Typography.Text strong>{day(run.date)}</Typography.Text>
              <Typography.Text type="secondary" data-testid="preview-time">
                {t('preview.time_in_zone', { time: formatTimeIn(run.at, run.timeZone), zone: run.timeZone })}
              </Typography.Text>
              <Tag>{t(`trigger.type.${run.triggerType as 'manual'}`, { defaultValue: run.triggerType })}</Tag>
            </Flex>
            <MovedNote nominal={run.nominalDate} moved={run.movedOver} />
            {run.reportingPeriod ? (
              <Typography.Text data-testid="preview-period">{t('preview.reporting_period', { period: periodName(run.reportingPeriod, t) })}</Typography.Text>
            ) : null}
            {run.tasks.map((task) => (
              <Flex key={task.nodeId} vertical style={{ paddingInlineStart: 12 }}>
                <Typography.Text>
                  {task.dueDate
                    ? t('preview.task_due', { task: task.title, date: day(task.dueDate) })
                    : t('preview.task_no_due', { task: task.title })}
                </Typography.Text>
                {task.dueDate && task.nominalDate ? <MovedNote nominal={task.nominalDate} moved={task.movedOver} /> : null}
                {task.problem ? <Typography.Text type="warning">{t('preview.problem')}</Typography.Text> : null}
              </Flex>
            ))}
          </Flex>
        </List.Item>
      )}
    />
  );
}
