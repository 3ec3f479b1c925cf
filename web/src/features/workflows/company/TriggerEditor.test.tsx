import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import fiFI from 'antd/es/locale/fi_FI';
import dayjs from 'dayjs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withInputFormats } from '../../../app/i18n/dates';
import { initI18n } from '../../../app/i18n/i18n';
import { TriggerEditor } from './TriggerEditor';
import { triggerFromSaved, triggerToInput, type TriggerForm } from './triggerData';

beforeAll(async () => {
  await initI18n('en', ['workflowRuns']);
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

describe('anchor-date trigger form', () => {
  it('shows the saved offset with its help and sends a new one back as offsetDays', async () => {
    const changes = setup();
    const input = await screen.findByLabelText('Offset (days)');
    expect(input).toHaveProperty('value', '-3');
    expect(input.getAttribute('aria-describedby')).toBe('trigger-0-offset-help');
    expect(screen.getByText('Negative: before the anchor date')).toBeTruthy();

    fireEvent.change(input, { target: { value: '5' } });
    const last = changes.at(-1);
    expect(last && triggerToInput(last)).toEqual({ uuid: 'u1', triggerType: 'anchor_date', data: { ...saved.data, offsetDays: 5 } });
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
