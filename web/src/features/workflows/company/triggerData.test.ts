import { describe, expect, it } from 'vitest';
import { defaultSchedule, previewable, scheduleFromData, scheduleProblems, scheduleToData, triggerFromSaved, triggerToInput } from './triggerData';

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

  it('reads the offset and writes it back unchanged', () => {
    const form = triggerFromSaved(saved, '2026-01-01', 'UTC');
    expect(form).toMatchObject({ triggerType: 'anchor_date', anchor: { offsetDays: -3 } });
    expect(triggerToInput(form)).toEqual({ uuid: 'u2', triggerType: 'anchor_date', data: saved.data });
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
