import { Card, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useId, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../app/i18n/dates';
import type { WorkflowInsightsFieldsFragment } from '../../../../gql/graphql';
import type { InsightsChartDatum } from './InsightsChart';

// @ant-design/plots (G2) is several hundred kB: its chunk loads when a chart renders.
const InsightsChart = lazy(() => import('./InsightsChart'));

type Bucket = WorkflowInsightsFieldsFragment['series'][number];

const SERIES = [
  { key: 'started', field: 'runsStarted', colour: '#1677ff' },
  { key: 'completed', field: 'runsCompleted', colour: '#389e0d' },
  { key: 'failed', field: 'runsFailed', colour: '#cf1322' },
  { key: 'cancelled', field: 'runsCancelled', colour: '#8c8c8c' },
] as const;

/** Off screen, for screen readers: the chart's figures as a table. */
const HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

export interface RunsChartProps {
  readonly series: readonly Bucket[] | undefined;
  readonly bucket: string | undefined;
  readonly height: number;
}

/** Runs started, completed, failed and cancelled per week or month: the chart, and its table for screen readers. */
export function RunsChart({ series, bucket, height }: RunsChartProps) {
  const { t } = useTranslation('workflowInsights');
  const captionId = useId();
  const unit = bucket === 'week' ? 'week' : 'month';
  const label = (start: string) => (unit === 'week' ? formatDate(start) : dayjs(start).format('MMM YYYY'));
  const names = SERIES.map((s) => ({ name: t(`series.${s.key}`), colour: s.colour }));
  const data: InsightsChartDatum[] = (series ?? []).flatMap((b) =>
    SERIES.map((s, i) => ({ bucket: label(b.start), series: names[i]?.name ?? s.key, count: b[s.field] })),
  );
  return (
    <Card
      size="small"
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }} id={captionId}>
          {t(`series.title.${unit}`)}
        </Typography.Title>
      }
    >
      <figure style={{ margin: 0, position: 'relative' }} aria-labelledby={captionId} data-testid="insights-chart">
        {series ? (
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} aria-label={t('series.loading')} />}>
            <div aria-hidden style={{ height }}>
              <InsightsChart data={data} series={names} height={height} />
            </div>
          </Suspense>
        ) : (
          <Skeleton active paragraph={{ rows: 5 }} title={false} />
        )}
        <table style={HIDDEN}>
          <caption>{t(`series.caption.${unit}`)}</caption>
          <thead>
            <tr>
              <th scope="col">{t(`series.bucket.${unit}`)}</th>
              {names.map((n) => (
                <th key={n.name} scope="col">
                  {n.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(series ?? []).map((b) => (
              <tr key={b.start}>
                <th scope="row">{label(b.start)}</th>
                {SERIES.map((s) => (
                  <td key={s.key}>{b[s.field]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
    </Card>
  );
}
