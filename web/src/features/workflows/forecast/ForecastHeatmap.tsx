import { Card, Empty, Segmented, Skeleton, Typography, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../../app/i18n/dates';
import type { WorkflowForecastQuery } from '../../../gql/graphql';
import { countsByDate, daysOf, heatLevel, isBusy } from './forecastDays';

type Forecast = WorkflowForecastQuery['workflowForecast'];

export type HeatmapView = 'assignee' | 'category';

export interface ForecastHeatmapProps {
  readonly month: Dayjs;
  readonly view: HeatmapView;
  readonly onView: (view: HeatmapView) => void;
  readonly assignees: Forecast['assignees'] | undefined;
  readonly categories: Forecast['categories'] | undefined;
  readonly loading: boolean;
  readonly threshold: number;
}

interface HeatRow {
  readonly key: string;
  readonly name: string;
  readonly total: number;
  readonly counts: ReadonlyMap<string, number>;
}

/**
 * Tasks due per day and per person (or category) as a plain table, each cell shaded by its
 * share of the busiest cell; a cell over the threshold is outlined. No chart library: the
 * month is a grid of numbers, which a table also reads out cell by cell.
 */
export function ForecastHeatmap({ month, view, onView, assignees, categories, loading, threshold }: ForecastHeatmapProps) {
  const { t } = useTranslation('workflowForecast');
  const { token } = theme.useToken();
  const days = daysOf(month);
  const rows: HeatRow[] =
    view === 'assignee'
      ? (assignees ?? []).map((l) => ({
          key: l.assignee?.uuid ?? 'unassigned',
          name: l.assignee?.name ?? t('list.unassigned'),
          total: l.total,
          counts: countsByDate(l.days),
        }))
      : (categories ?? []).map((l) => ({ key: l.category.id, name: l.category.name, total: l.total, counts: countsByDate(l.days) }));
  const max = Math.max(0, ...rows.flatMap((r) => [...r.counts.values()]));
  const shades = ['transparent', token.blue1, token.blue3, token.blue7, token.blue9];
  const monthName = month.format('MMMM YYYY');

  const cellStyle = { padding: 0, width: 30, minWidth: 30, height: 28, textAlign: 'center', fontSize: 12 } as const;
  return (
    <Card
      size="small"
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {t('heatmap.title')}
        </Typography.Title>
      }
    >
      <Segmented<HeatmapView>
        size="small"
        aria-label={t('heatmap.view')}
        value={view}
        onChange={onView}
        options={[
          { value: 'assignee', label: t('heatmap.by_assignee') },
          { value: 'category', label: t('heatmap.by_category') },
        ]}
        style={{ marginBottom: 8 }}
      />
      {loading ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('heatmap.empty')} />
      ) : (
        <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t(view === 'assignee' ? 'heatmap.caption_assignee' : 'heatmap.caption_category', { month: monthName })}>
          <table style={{ borderCollapse: 'separate', borderSpacing: 2, fontVariantNumeric: 'tabular-nums' }} data-testid="forecast-heatmap">
            <caption style={{ captionSide: 'top', textAlign: 'start', color: token.colorTextSecondary, fontSize: 12, paddingBottom: 4 }}>
              {t(view === 'assignee' ? 'heatmap.caption_assignee' : 'heatmap.caption_category', { month: monthName })}
            </caption>
            <thead>
              <tr>
                <th scope="col" style={{ textAlign: 'start', fontWeight: 600, paddingInlineEnd: 8, position: 'sticky', insetInlineStart: 0, background: token.colorBgContainer }}>
                  {t('heatmap.name')}
                </th>
                {days.map((d) => {
                  const date = dayjs(d);
                  const weekend = date.day() === 0 || date.day() === 6;
                  return (
                    <th key={d} scope="col" abbr={formatLongDate(d)} style={{ ...cellStyle, fontWeight: 400, color: weekend ? token.colorTextSecondary : token.colorText }}>
                      <div>{date.date()}</div>
                      <div style={{ fontSize: 10 }}>{date.format('dd')}</div>
                    </th>
                  );
                })}
                <th scope="col" style={{ paddingInlineStart: 8, fontWeight: 600 }}>
                  {t('heatmap.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key}>
                  <th
                    scope="row"
                    style={{ textAlign: 'start', fontWeight: 400, whiteSpace: 'nowrap', paddingInlineEnd: 8, position: 'sticky', insetInlineStart: 0, background: token.colorBgContainer }}
                  >
                    {r.name}
                  </th>
                  {days.map((d) => {
                    const count = r.counts.get(d) ?? 0;
                    const level = heatLevel(count, max);
                    const busy = isBusy(count, threshold);
                    const label = t(busy ? 'heatmap.busy_cell' : count === 1 ? 'heatmap.cell_one' : 'heatmap.cell_other', {
                      name: r.name,
                      date: formatLongDate(d),
                      count,
                    });
                    return (
                      <td
                        key={d}
                        title={label}
                        data-date={d}
                        data-busy={busy || undefined}
                        style={{
                          ...cellStyle,
                          background: shades[level],
                          color: level >= 3 ? '#fff' : token.colorText,
                          borderRadius: 3,
                          boxShadow: busy ? `inset 0 0 0 2px ${token.colorError}` : `inset 0 0 0 1px ${token.colorBorderSecondary}`,
                          fontWeight: busy ? 700 : 400,
                        }}
                      >
                        {count > 0 ? count : ''}
                      </td>
                    );
                  })}
                  <td style={{ paddingInlineStart: 8, fontWeight: 600, textAlign: 'end' }}>{r.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
