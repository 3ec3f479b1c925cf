import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readTableState, writeTableState } from '../../../../shared/admin/tableState';
import { DEFAULT_PERIOD, PERIODS, periodWindow, type InsightsPeriod, type InsightsWindow } from '../utils/insightsFigures';

const TABLE = 'workflow_insights';
const DEFAULTS = { period: DEFAULT_PERIOD as string, from: '', to: '', version: '' };
type Filters = typeof DEFAULTS;

export interface InsightsWindowState extends InsightsWindow {
  readonly period: InsightsPeriod;
  /** The version asked for ('' for every version). */
  readonly version: string;
  readonly setPeriod: (period: InsightsPeriod) => void;
  readonly setDays: (from: string, to: string) => void;
  readonly setVersion: (version: string) => void;
}

const isPeriod = (value: string): value is InsightsPeriod => (PERIODS as readonly string[]).includes(value);

/**
 * The window run analytics show, kept in the address (table_workflow_insights): a period up
 * to today, or chosen days; and the version of one workflow.
 */
export function useInsightsWindow(): InsightsWindowState {
  const [params, setParams] = useSearchParams();
  const raw = params.get(`table_${TABLE}`);
  const { filters } = useMemo(() => readTableState(params, TABLE, DEFAULTS), [raw]);
  const update = (change: Partial<Filters>) =>
    setParams((p) => writeTableState(p, TABLE, { filters: { ...readTableState(p, TABLE, DEFAULTS).filters, ...change }, page: 1 }, DEFAULTS), {
      replace: false,
    });
  const chosen = isPeriod(filters.period) ? filters.period : DEFAULT_PERIOD;
  const custom = chosen === 'custom' && filters.from !== '' && filters.to !== '';
  const period: InsightsPeriod = chosen === 'custom' && !custom ? DEFAULT_PERIOD : chosen;
  const window = period === 'custom' ? { dateFrom: filters.from, dateTo: filters.to } : periodWindow(period, dayjs());
  return {
    ...window,
    period,
    version: filters.version,
    setPeriod: (next) =>
      update(next === 'custom' ? { period: next, from: window.dateFrom, to: window.dateTo } : { period: next, from: '', to: '' }),
    setDays: (from, to) => update({ period: 'custom', from, to }),
    setVersion: (version) => update({ version }),
  };
}
