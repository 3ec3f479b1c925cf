import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import fiFI from 'antd/es/locale/fi_FI';
import dayjs from 'dayjs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadDateLocale, withInputFormats } from '../../../app/i18n/dates';
import { initI18n } from '../../../app/i18n/i18n';
import { TriggerEditor } from './TriggerEditor';
import { triggerFromSaved, triggerToInput, type TriggerForm } from './triggerData';

beforeAll(async () => {
  await initI18n('en', ['workflowRuns']);
  await loadDateLocale('fi');
});
afterEach(() => {
  cleanup();
  dayjs.locale('en');
});

const saved = { uuid: 'u1', triggerType: 'anchor_date', data: { dynamicFieldId: '7', offsetDays: -3, timeOfDay: '09:00', timeZone: 'Europe/Helsinki' } };

function setup() {
  const changes: TriggerForm[] = [];
  render(
    <TriggerEditor
      trigger={triggerFromSaved(saved, '2026-01-01', 'UTC')}
      index={0}
      hasParameters={false}
      anchorFields={[{ id: '7', title: 'Closing day' }]}
      onChange={(t) => changes.push(t)}
      onRemove={() => {}}
    />,
  );
  return changes;
}

describe('the saved trigger’s next start', () => {
  it('is shown in the trigger’s zone and names it', () => {
    const browserZone = process.env.TZ;
    process.env.TZ = 'UTC';
    try {
      render(
        <TriggerEditor
          trigger={triggerFromSaved(saved, '2026-01-01', 'UTC')}
          index={0}
          hasParameters={false}
          anchorFields={[]}
          nextRunAt="2026-11-27T07:00:00Z"
          nextRunZone="Europe/Helsinki"
          onChange={() => {}}
          onRemove={() => {}}
        />,
      );
      expect(screen.getByText('Saved: next start 27 Nov 2026 09:00 (Europe/Helsinki)')).toBeTruthy();
    } finally {
      process.env.TZ = browserZone;
    }
  });
});

describe('anchor-date trigger form', () => {
  it('shows the saved offset with its help and sends a new one back as offsetDays', async () => {
    const changes = setup();
    const input = await screen.findByLabelText('Offset (days)');
    expect(input).toHaveProperty('value', '-3');
    expect(input.getAttribute('aria-describedby')).toBe('trigger-0-offset-help');
    expect(screen.getByText('Negative: before the anchor date')).toBeTruthy();

    fireEvent.change(input, { target: { value: '5' } });
    const last = changes.at(-1);
    expect(last && triggerToInput(last)).toEqual({ uuid: 'u1', triggerType: 'anchor_date', data: { offsetDays: 5 } });
  });
});

describe('date and time pickers', () => {
  const schedule = triggerFromSaved(
    {
      uuid: 'u2',
      triggerType: 'schedule',
      data: {
        recurrencePattern: { type: 'weekly', interval: 1, weekdays: ['friday'], timeOfDay: '08:00', timeZone: 'Europe/Helsinki' },
        scheduleEndCondition: { type: 'no_end' },
        scheduleStartDate: '2026-12-18',
      },
    },
    '2026-01-01',
    'UTC',
  );

  function renderIn(trigger: TriggerForm) {
    dayjs.locale('fi');
    const changes: TriggerForm[] = [];
    render(
      <ConfigProvider locale={withInputFormats(fiFI, 'fi')}>
        <TriggerEditor trigger={trigger} index={0} hasParameters={false} anchorFields={[]} onChange={(t) => changes.push(t)} onRemove={() => {}} />
      </ConfigProvider>,
    );
    return changes;
  }

  it("show the schedule's start and time as the language writes them and send YYYY-MM-DD and HH:mm back", () => {
    const changes = renderIn(schedule);
    const start = screen.getByLabelText('Start date');
    const time = screen.getByLabelText('Time of day');
    expect(start).toHaveProperty('value', '18.12.2026');
    expect(time).toHaveProperty('value', '8.00');

    fireEvent.mouseDown(start);
    fireEvent.change(start, { target: { value: '4.1.2027' } });
    fireEvent.keyDown(start, { key: 'Enter' });
    fireEvent.mouseDown(time);
    fireEvent.change(time, { target: { value: '9.30' } });
    fireEvent.keyDown(time, { key: 'Enter' });
    const sent = changes.map((c) => (c.triggerType === 'schedule' ? [c.schedule.startDate, c.schedule.timeOfDay] : []));
    expect(sent).toContainEqual(['2027-01-04', '08:00']);
    expect(sent).toContainEqual(['2026-12-18', '09:30']);
  });
});

describe('reporting period', () => {
  const demo = triggerFromSaved(
    {
      uuid: 'u3',
      triggerType: 'schedule',
      data: {
        recurrencePattern: { type: 'monthly', timeOfDay: '08:00', timeZone: 'Europe/Helsinki', monthlyPattern: { type: 'day_of_month', day: 5 } },
        reportingPeriod: 'previous_month',
        scheduleEndCondition: { type: 'no_end' },
        scheduleStartDate: '2026-01-01',
      },
    },
    '2026-01-01',
    'UTC',
  );

  function renderSchedule(trigger: TriggerForm) {
    const changes: TriggerForm[] = [];
    const view = render(
      <TriggerEditor trigger={trigger} index={0} hasParameters={false} anchorFields={[]} onChange={(t) => changes.push(t)} onRemove={() => {}} />,
    );
    return { changes, view };
  }

  // the chosen option's label, as antd shows it beside the input
  const shown = (label: string) => screen.getByLabelText(label).closest('.ant-select-content')?.getAttribute('title');

  async function choose(label: string, name: string) {
    const input = screen.getByLabelText(label);
    fireEvent.mouseDown(input.closest('.ant-select') ?? input);
    const popup = await waitFor(() => {
      const p = document.getElementById(`${input.id}_list`)?.closest('.ant-select-dropdown');
      if (!(p instanceof HTMLElement)) throw new Error('no popup yet');
      return p;
    });
    const option = within(popup).getAllByText(name).find((el) => el.closest('.ant-select-item-option'));
    if (!option) throw new Error(`no option ${name}`);
    fireEvent.click(option);
  }

  it("shows the demo's previous month with its help", () => {
    renderSchedule(demo);
    expect(shown('Reporting period')).toBe('Previous');
    expect(shown('Length of the period')).toBe('Month');
    expect(screen.getByLabelText('Reporting period').getAttribute('aria-describedby')).toBe('trigger-0-period-help');
    expect(screen.queryByLabelText('Offset (periods)')).toBeNull();
  });

  it('clears the period with None, sent as null', async () => {
    const { changes } = renderSchedule(demo);
    await choose('Reporting period', 'None');
    const last = changes.at(-1);
    expect(last && triggerToInput(last).data).toEqual({ reportingPeriod: null });
  });

  it('sends another unit and keeps the offset', async () => {
    const { changes } = renderSchedule(demo);
    await choose('Length of the period', 'Quarter');
    const last = changes.at(-1);
    expect(last && triggerToInput(last).data).toEqual({ reportingPeriod: { unit: 'quarter' } });
  });

  it('shows an offset without a name under Other, as a number of periods', () => {
    if (demo.triggerType !== 'schedule') throw new Error('a schedule');
    renderSchedule({ ...demo, schedule: { ...demo.schedule, reportingPeriod: { unit: 'month', offset: -3 } } });
    expect(shown('Reporting period')).toBe('Other');
    expect(screen.getByLabelText('Offset (periods)')).toHaveProperty('value', '-3');
    expect(screen.getByText("Negative: before the run's own period")).toBeTruthy();
  });

  it('gives a schedule without a period the choice None and no unit', () => {
    if (demo.triggerType !== 'schedule') throw new Error('a schedule');
    renderSchedule({ ...demo, schedule: { ...demo.schedule, reportingPeriod: null } });
    expect(shown('Reporting period')).toBe('None');
    expect(screen.queryByLabelText('Length of the period')).toBeNull();
  });
});
