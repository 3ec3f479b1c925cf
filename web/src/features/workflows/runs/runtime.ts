import { useTranslation } from 'react-i18next';

// A run's runtime as the runs list and the run's details show it (spec 002 §9).

export type RuntimeUnit = 'years' | 'months' | 'days' | 'hours';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * How long a run has taken, from its start to its end (to now while it has not ended), in its
 * largest whole unit: years (365 days), months (30 days), days or hours. Null under an hour,
 * which shows blank, and for a run whose times cannot be read.
 */
export function runtime(
  startedAt: string,
  endedAt: string | null | undefined,
  now: Date = new Date(),
): { readonly unit: RuntimeUnit; readonly count: number } | null {
  const start = Date.parse(startedAt);
  const end = endedAt ? Date.parse(endedAt) : now.getTime();
  const ms = end - start;
  if (!Number.isFinite(ms) || ms < HOUR) return null;
  const days = Math.floor(ms / DAY);
  if (days >= 365) return { unit: 'years', count: Math.floor(days / 365) };
  if (days >= 30) return { unit: 'months', count: Math.floor(days / 30) };
  if (days >= 1) return { unit: 'days', count: days };
  return { unit: 'hours', count: Math.floor(ms / HOUR) };
}

/** The runtime's text ("3 days"), or '' under an hour. */
export function useFormatRuntime(): (startedAt: string, endedAt: string | null | undefined) => string {
  const { t } = useTranslation('workflowRuns');
  return (startedAt, endedAt) => {
    const r = runtime(startedAt, endedAt);
    return r ? t(`runtime.${r.unit}`, { count: r.count }) : '';
  };
}
