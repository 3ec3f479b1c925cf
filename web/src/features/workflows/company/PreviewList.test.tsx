import { cleanup, render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../app/i18n/i18n';
import { PreviewList } from './PreviewList';

// The browser's zone is UTC, the schedules' Helsinki: what is shown must not follow the browser.
const browserZone = process.env.TZ;
beforeAll(async () => {
  process.env.TZ = 'UTC';
  await initI18n('en', ['workflowRuns']);
});
afterAll(() => {
  process.env.TZ = browserZone;
});
afterEach(() => {
  cleanup();
  dayjs.locale('en');
});

const run = (reportingPeriod: { unit: string; start: string; end: string; label: string } | null) => ({
  __typename: 'WorkflowPreviewRun' as const,
  triggerType: 'schedule',
  at: '2026-03-05T06:00:00Z',
  timeZone: 'Europe/Helsinki',
  date: '2026-03-05',
  nominalDate: '2026-03-05',
  movedOver: [],
  reportingPeriod: reportingPeriod && { __typename: 'WorkflowReportingPeriod' as const, ...reportingPeriod },
  tasks: [],
});

describe('preview of the reporting period', () => {
  it('names each run’s period as the language does, and none for a run without one', () => {
    render(
      <PreviewList
        loading={false}
        error={false}
        runs={[
          run({ unit: 'month', start: '2026-02-01', end: '2026-02-28', label: '2026-02' }),
          run({ unit: 'week', start: '2026-02-23', end: '2026-03-01', label: '2026-W09' }),
          run({ unit: 'quarter', start: '2025-10-01', end: '2025-12-31', label: '2025-Q4' }),
          run({ unit: 'day', start: '2026-03-04', end: '2026-03-04', label: '2026-03-04' }),
          run({ unit: 'year', start: '2025-01-01', end: '2025-12-31', label: '2025' }),
          run(null),
        ]}
      />,
    );
    expect(screen.getAllByTestId('preview-period').map((el) => el.textContent)).toEqual([
      'Reporting period: February 2026',
      'Reporting period: Week 9, 2026',
      'Reporting period: Q4 2025',
      'Reporting period: 4 Mar 2026',
      'Reporting period: 2025',
    ]);
  });
});

describe('preview of the start time', () => {
  it('shows each run’s time in its trigger’s zone, not the browser’s, and names the zone', () => {
    render(
      <PreviewList
        loading={false}
        error={false}
        runs={[run(null), { ...run(null), at: '2026-07-01T06:00:00Z', date: '2026-07-01', timeZone: 'Europe/Stockholm' }]}
      />,
    );
    expect(new Date('2026-03-05T06:00:00Z').getHours()).toBe(6); // the browser is in UTC
    // 06:00 UTC is 08:00 in Helsinki in winter (UTC+2), and 08:00 in Stockholm in summer (UTC+2)
    expect(screen.getAllByTestId('preview-time').map((el) => el.textContent)).toEqual([
      '08:00 (Europe/Helsinki)',
      '08:00 (Europe/Stockholm)',
    ]);
  });
});
