import { describe, expect, it } from 'vitest';
import {
  defaultSchedule,
  mergePatch,
  previewable,
  reportingPeriodFromData,
  scheduleFromData,
  scheduleProblems,
  scheduleToData,
  triggerFromSaved,
  triggerToInput,
  type TriggerForm,
} from './triggerData';

describe('schedule data', () => {
  it('writes a weekly schedule as the server reads it and reads it back', () => {
    const f = { ...defaultSchedule('2026-12-01', 'Europe/Stockholm'), weekdays: ['thursday', 'monday'] as const };
    const data = scheduleToData({ ...f, weekdays: [...f.weekdays] });
    expect(data).toEqual({
      recurrencePattern: {
        type: 'weekly',
        timeOfDay: '08:00',
        timeZone: 'Europe/Stockholm',
        weeklyPattern: { interval: 1, weekdays: ['monday', 'thursday'] },
      },
      scheduleEndCondition: { type: 'no_end' },
      scheduleStartDate: '2026-12-01',
    });
    expect(scheduleFromData(data, '2000-01-01', 'UTC')).toMatchObject({ type: 'weekly', weekdays: ['monday', 'thursday'], startDate: '2026-12-01' });
  });

  it('writes the n-th weekday of a month and the end by date', () => {
    const f = { ...defaultSchedule('2026-01-01', 'UTC'), type: 'monthly' as const, dayType: 'weekday_of_month' as const, week: 'last' as const,
      weekday: 'friday' as const, endType: 'end_by_date' as const, endDate: '2026-12-31' };
    expect(scheduleToData(f)).toMatchObject({
      recurrencePattern: { monthlyPattern: { type: 'weekday_of_month', interval: 1, week: 'last', weekday: 'friday' } },
      scheduleEndCondition: { type: 'end_by_date', endDate: '2026-12-31' },
    });
  });

  it('finds an end date before the start and a week without days', () => {
    const f = { ...defaultSchedule('2026-06-01', 'UTC'), weekdays: [], endType: 'end_by_date' as const, endDate: '2026-05-01' };
    expect(scheduleProblems(f)).toEqual(['trigger.problem.weekdays', 'trigger.problem.end_before_start']);
    expect(scheduleProblems(defaultSchedule('2026-06-01', 'UTC'))).toEqual([]);
  });

  it('keeps an existing trigger by its uuid and sends a manual one without data', () => {
    expect(triggerToInput({ key: 'a', uuid: 'u1', triggerType: 'manual' })).toEqual({ uuid: 'u1', triggerType: 'manual', data: {} });
    expect(triggerToInput({ key: 'b', triggerType: 'anchor_date', anchor: { dynamicFieldId: '7', offsetDays: 0, timeOfDay: '09:00', timeZone: 'UTC' } }))
      .toEqual({ triggerType: 'anchor_date', data: { dynamicFieldId: '7', offsetDays: 0, timeOfDay: '09:00', timeZone: 'UTC' } });
  });
});

describe('anchor-date trigger data', () => {
  const saved = { uuid: 'u2', triggerType: 'anchor_date', data: { dynamicFieldId: '7', offsetDays: -3, timeOfDay: '09:30', timeZone: 'Europe/Helsinki' } };

  it('reads the offset, sends nothing to change when it stays and only the offset when it changes', () => {
    const form = triggerFromSaved(saved, '2026-01-01', 'UTC');
    expect(form).toMatchObject({ triggerType: 'anchor_date', anchor: { offsetDays: -3 } });
    expect(triggerToInput(form)).toEqual({ uuid: 'u2', triggerType: 'anchor_date', data: {} });
    if (form.triggerType !== 'anchor_date') throw new Error('an anchor-date trigger');
    expect(triggerToInput({ ...form, anchor: { ...form.anchor, offsetDays: 2 } }).data).toEqual({ offsetDays: 2 });
  });

  it('does not add the default time zone to a trigger saved without one', () => {
    const form = triggerFromSaved({ ...saved, data: { dynamicFieldId: '7', timeOfDay: '09:30' } }, '2026-01-01', 'Europe/Helsinki');
    expect(triggerToInput(form).data).toEqual({});
  });

  it('reads a trigger saved before offsets as the anchor date itself', () => {
    const form = triggerFromSaved({ ...saved, data: { dynamicFieldId: '7', timeOfDay: '09:30' } }, '2026-01-01', 'Europe/Stockholm');
    expect(form).toMatchObject({ anchor: { offsetDays: 0, timeZone: 'Europe/Stockholm' } });
  });

  it('previews only offsets the server takes', () => {
    const form = triggerFromSaved(saved, '2026-01-01', 'UTC');
    if (form.triggerType !== 'anchor_date') throw new Error('an anchor-date trigger');
    const at = (offsetDays: number) => previewable([{ ...form, anchor: { ...form.anchor, offsetDays } }]).length;
    expect([at(365), at(-365), at(366), at(1.5)]).toEqual([1, 1, 0, 0]);
  });
});

// the demo's schedule as the server stores it (demo/workflow.go)
const demo = {
  uuid: 'u3',
  triggerType: 'schedule',
  data: {
    recurrencePattern: { type: 'monthly', timeOfDay: '08:00', timeZone: 'Europe/Helsinki', monthlyPattern: { type: 'day_of_month', day: 5 } },
    reportingPeriod: { unit: 'month', offset: -1 },
    scheduleEndCondition: { type: 'no_end' },
    scheduleStartDate: '2026-01-01',
  },
};

function scheduleOf(t: TriggerForm) {
  if (t.triggerType !== 'schedule') throw new Error('a schedule');
  return t;
}

describe('reporting period', () => {
  it('reads the object and the string forms, and nothing else', () => {
    expect(reportingPeriodFromData({ unit: 'month', offset: -1 })).toEqual({ unit: 'month', offset: -1 });
    expect(reportingPeriodFromData({ unit: 'quarter' })).toEqual({ unit: 'quarter', offset: 0 });
    expect(reportingPeriodFromData('previous_month')).toEqual({ unit: 'month', offset: -1 });
    expect(reportingPeriodFromData('next_week')).toEqual({ unit: 'week', offset: 1 });
    expect(reportingPeriodFromData('current_year')).toEqual({ unit: 'year', offset: 0 });
    expect([reportingPeriodFromData('last_month'), reportingPeriodFromData({ unit: 'fortnight', offset: 1 }), reportingPeriodFromData(undefined)])
      .toEqual([null, null, null]);
  });

  it("shows the demo's previous month and saves the schedule unchanged as an empty patch", () => {
    const form = scheduleOf(triggerFromSaved(demo, '2000-01-01', 'UTC'));
    expect(form.schedule.reportingPeriod).toEqual({ unit: 'month', offset: -1 });
    expect(scheduleToData(form.schedule)).toMatchObject({ reportingPeriod: demo.data.reportingPeriod });
    expect(triggerToInput(form)).toEqual({ uuid: 'u3', triggerType: 'schedule', data: {} });
  });

  it('sends only what changed: the time, the period cleared, another pattern', () => {
    const form = scheduleOf(triggerFromSaved(demo, '2000-01-01', 'UTC'));
    const sent = (change: Partial<typeof form.schedule>) => triggerToInput({ ...form, schedule: { ...form.schedule, ...change } }).data;
    expect(sent({ timeOfDay: '09:30' })).toEqual({ recurrencePattern: { timeOfDay: '09:30' } });
    expect(sent({ reportingPeriod: null })).toEqual({ reportingPeriod: null });
    expect(sent({ reportingPeriod: { unit: 'quarter', offset: -1 } })).toEqual({ reportingPeriod: { unit: 'quarter' } });
    expect(sent({ type: 'weekly', weekdays: ['friday'] })).toEqual({
      recurrencePattern: { type: 'weekly', monthlyPattern: null, weeklyPattern: { interval: 1, weekdays: ['friday'] } },
    });
  });

  it('sends a new schedule, or a trigger changed to a schedule, whole', () => {
    const schedule = { ...defaultSchedule('2026-01-01', 'UTC'), reportingPeriod: { unit: 'week' as const, offset: 0 } };
    expect(triggerToInput({ key: 'n', triggerType: 'schedule', schedule }).data).toMatchObject({ reportingPeriod: { unit: 'week', offset: 0 } });
    const manual = triggerFromSaved({ uuid: 'u4', triggerType: 'manual', data: {} }, '2026-01-01', 'UTC');
    expect(triggerToInput({ ...manual, triggerType: 'schedule', schedule }).data).toEqual(scheduleToData(schedule));
  });
});

describe('mergePatch', () => {
  it.each([
    ['the same', { a: 1, b: { c: [1, 2] } }, { a: 1, b: { c: [1, 2] } }, {}],
    ['a changed value', { a: 1 }, { a: 2 }, { a: 2 }],
    ['a key gone', { a: 1, b: 2 }, { a: 1 }, { b: null }],
    ['a key added', { a: 1 }, { a: 1, b: { c: 3 } }, { b: { c: 3 } }],
    ['objects by key', { a: { b: 1, c: 2 } }, { a: { b: 1, c: 3 } }, { a: { c: 3 } }],
    ['an array whole', { a: [1, 2] }, { a: [2] }, { a: [2] }],
    ['an object for a value', { a: 'previous_month' }, { a: { unit: 'month' } }, { a: { unit: 'month' } }],
  ])('%s', (_, from, to, want) => {
    expect(mergePatch(from, to)).toEqual(want);
  });
});
