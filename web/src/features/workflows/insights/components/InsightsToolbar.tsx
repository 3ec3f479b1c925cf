import { DatePicker, Flex, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../app/i18n/dates';
import type { InsightsWindowState } from '../hooks/useInsightsWindow';
import { PERIODS, type InsightsPeriod } from '../utils/insightsFigures';

export interface InsightsToolbarProps {
  readonly window: InsightsWindowState;
  /** The zone the server read the days in. */
  readonly timeZone: string | undefined;
  /** One workflow's published versions, newest first; none on the page of every workflow. */
  readonly versions?: readonly number[];
}

/** The period (the last months, or chosen days) and, for one workflow, the version. */
export function InsightsToolbar({ window, timeZone, versions }: InsightsToolbarProps) {
  const { t } = useTranslation('workflowInsights');
  return (
    <Flex gap={8} wrap align="center">
      <Select<InsightsPeriod>
        aria-label={t('period.label')}
        value={window.period}
        onChange={window.setPeriod}
        style={{ width: 220, maxWidth: '100%' }}
        options={PERIODS.map((p) => ({ value: p, label: t(`period.${p}`) }))}
      />
      {window.period === 'custom' ? (
        <DatePicker.RangePicker
          aria-label={t('period.label')}
          placeholder={[t('period.from'), t('period.to')]}
          value={[dayjs(window.dateFrom), dayjs(window.dateTo)]}
          allowClear={false}
          onChange={(v) => {
            const [from, to] = v ?? [];
            if (from && to) window.setDays(from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD'));
          }}
        />
      ) : null}
      {versions && versions.length > 0 ? (
        <Select<string>
          aria-label={t('version.label')}
          value={window.version}
          onChange={window.setVersion}
          style={{ width: 160 }}
          options={[
            { value: '', label: t('version.all') },
            ...versions.map((v) => ({ value: String(v), label: t('version.n', { version: v }) })),
          ]}
        />
      ) : null}
      <Typography.Text type="secondary" data-testid="insights-window">
        {t('window', { from: formatDate(window.dateFrom), to: formatDate(window.dateTo), zone: timeZone ?? '' })}
      </Typography.Text>
    </Flex>
  );
}
