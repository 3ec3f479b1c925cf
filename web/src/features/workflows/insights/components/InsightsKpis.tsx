import { Card, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkflowInsightsFieldsFragment } from '../../../../gql/graphql';
import { useInsightsFormat } from '../hooks/useInsightsFormat';
import { InsightsGrid } from './InsightsGrid';

export interface InsightsKpisProps {
  readonly total: WorkflowInsightsFieldsFragment['total'] | undefined;
}

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Card size="small" styles={{ body: { padding: 12 } }}>
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
        {label}
      </Typography.Text>
      <div style={{ fontSize: 20, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
        {value}
      </div>
    </Card>
  );
}

/** The period's totals: runs started and how they ended, the cycle time, the tasks closed late. */
export function InsightsKpis({ total }: InsightsKpisProps) {
  const { t } = useTranslation('workflowInsights');
  const f = useInsightsFormat();
  if (!total) return <Skeleton active paragraph={{ rows: 1 }} title={false} />;
  const figures: { key: string; label: string; value: ReactNode }[] = [
    { key: 'started', label: t('kpi.started'), value: f.number(total.runsStarted) },
    { key: 'completed', label: t('kpi.completed'), value: f.number(total.runsCompleted) },
    { key: 'failed', label: t('kpi.failed'), value: f.number(total.runsFailed) },
    { key: 'cancelled', label: t('kpi.cancelled'), value: f.number(total.runsCancelled) },
    { key: 'p50', label: t('kpi.cycle_p50'), value: f.dayText(total.cycleTimeP50) },
    { key: 'p90', label: t('kpi.cycle_p90'), value: f.dayText(total.cycleTimeP90) },
    {
      key: 'late',
      label: t('kpi.late'),
      value: t('kpi.late_value', { late: f.number(total.tasksLate), completed: f.number(total.tasksCompleted) }),
    },
  ];
  return (
    <section aria-label={t('kpi.label')}>
      <InsightsGrid min={150} gap={8}>
        {figures.map((x) => (
          <Figure key={x.key} label={x.label} value={x.value} testId={`kpi-${x.key}`} />
        ))}
      </InsightsGrid>
    </section>
  );
}
