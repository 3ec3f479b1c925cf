import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Calendar, Flex, Spin, Typography, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../../app/i18n/dates';
import { DATE, countsByDate, isBusy, type DayCount } from './forecastDays';
import { useBreakpoint } from '../../../shared/hooks/useBreakpoint';

export interface ForecastCalendarProps {
  readonly month: Dayjs;
  /** The chosen day (YYYY-MM-DD), or null for the whole month. */
  readonly day: string | null;
  readonly days: readonly DayCount[] | undefined;
  readonly total: number | undefined;
  readonly loading: boolean;
  readonly threshold: number;
  readonly onMonth: (month: Dayjs) => void;
  readonly onDay: (day: string | null) => void;
}

/** The month as antd's Calendar: each day with its number of tasks due, busy days marked. */
export function ForecastCalendar({ month, day, days, total, loading, threshold, onMonth, onDay }: ForecastCalendarProps) {
  const { t } = useTranslation('workflowForecast');
  const { token } = theme.useToken();
  const wide = useBreakpoint().md === true;
  const counts = useMemo(() => countsByDate(days ?? []), [days]);
  const monthName = month.format('MMMM YYYY');

  const cell = (current: Dayjs) => {
    const key = current.format(DATE);
    const inMonth = current.isSame(month, 'month');
    const count = inMonth ? (counts.get(key) ?? 0) : 0;
    const busy = isBusy(count, threshold);
    const chosen = key === day;
    const label = `${t(count === 1 ? 'calendar.day_one' : 'calendar.day_other', { date: formatLongDate(current), count })}${busy ? `, ${t('calendar.busy')}` : ''}`;
    return (
      <button
        type="button"
        aria-label={label}
        aria-pressed={chosen}
        data-date={key}
        data-busy={busy || undefined}
        disabled={!inMonth}
        style={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: wide ? 'stretch' : 'center',
          gap: 2,
          width: '100%',
          height: wide ? 76 : 44,
          margin: 0,
          padding: wide ? '4px 6px' : 2,
          font: 'inherit',
          textAlign: wide ? 'start' : 'center',
          cursor: inMonth ? 'pointer' : 'default',
          color: inMonth ? token.colorText : token.colorTextDisabled,
          background: busy ? token.colorErrorBg : chosen ? token.colorPrimaryBg : 'transparent',
          border: `1px solid ${chosen ? token.colorPrimary : busy ? token.colorErrorBorder : token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusSM,
        }}
      >
        <span style={{ alignSelf: wide ? 'flex-end' : 'center', fontWeight: current.isSame(dayjs(), 'day') ? 700 : 400 }}>{current.date()}</span>
        {count > 0 ? (
          <span style={{ fontSize: wide ? 13 : 11, fontWeight: 600, color: busy ? token.colorErrorText : token.colorPrimaryText, lineHeight: 1.2 }}>
            {wide ? t(count === 1 ? 'calendar.count_one' : 'calendar.count_other', { count }) : count}
          </span>
        ) : null}
        {busy && wide ? <span style={{ fontSize: 12, color: token.colorErrorText }}>{t('calendar.busy')}</span> : null}
      </button>
    );
  };

  return (
    <Spin spinning={loading} description={t('loading')}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ padding: '4px 4px 8px' }}>
        <Flex align="center" gap={4}>
          <Button type="text" icon={<LeftOutlined />} aria-label={t('calendar.previous')} onClick={() => onMonth(month.subtract(1, 'month'))} />
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0, minWidth: 130, textAlign: 'center', textTransform: 'capitalize' }}>
            {monthName}
          </Typography.Title>
          <Button type="text" icon={<RightOutlined />} aria-label={t('calendar.next')} onClick={() => onMonth(month.add(1, 'month'))} />
          <Button size="small" onClick={() => onMonth(dayjs().startOf('month'))} disabled={month.isSame(dayjs(), 'month')}>
            {t('calendar.this_month')}
          </Button>
        </Flex>
        {total !== undefined ? (
          <Typography.Text type="secondary" data-testid="forecast-total">
            {t(total === 1 ? 'calendar.total_one' : 'calendar.total_other', { count: total })}
          </Typography.Text>
        ) : null}
      </Flex>
      <div role="group" aria-label={t('calendar.label', { month: monthName })}>
        <Calendar
          fullscreen={false}
          value={day ? dayjs(day) : month}
          headerRender={() => null}
          onSelect={(date, info) => {
            if (info.source !== 'date') return;
            if (date.isSame(month, 'month')) onDay(date.format(DATE));
            else onMonth(date.startOf('month'));
          }}
          fullCellRender={(current, info) => (info.type === 'date' ? cell(current) : info.originNode)}
        />
      </div>
      <Typography.Text type="secondary" style={{ display: 'block', padding: '8px 4px 0', fontSize: 12 }}>
        {t('calendar.legend', { threshold })}
      </Typography.Text>
    </Spin>
  );
}
