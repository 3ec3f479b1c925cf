// A company workflow's triggers as the edit page's form holds them, and back to the
// data manageCompanyWorkflowTriggers takes (engine/workflow/graph Schedule, AnchorTrigger).

export type RecurrenceType = 'daily' | 'weekly' | 'monthly' | 'yearly';
export type EndType = 'no_end' | 'end_by_date' | 'end_after_occurrences';
export type WeekOrdinal = 'first' | 'second' | 'third' | 'fourth' | 'last';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type WeekdayName = (typeof WEEKDAYS)[number];
export const WEEK_ORDINALS: readonly WeekOrdinal[] = ['first', 'second', 'third', 'fourth', 'last'];

export const PERIOD_UNITS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type PeriodUnit = (typeof PERIOD_UNITS)[number];

/**
 * The period a run reports on: the period of unit containing the day it is scheduled for, moved by
 * offset periods (-1 the previous one, 0 its own, 1 the next; engine/workflow/graph ReportingPeriod).
 */
export interface ReportingPeriod {
  readonly unit: PeriodUnit;
  readonly offset: number;
}

/** The bound on a reporting period's offset, as the server checks it (graph.MaxReportingOffset). */
export const MAX_PERIOD_OFFSET = 99;

/** The offsets with a name of their own; others are shown as a number of periods. */
export const NAMED_OFFSETS = { previous: -1, current: 0, next: 1 } as const;
export type NamedOffset = keyof typeof NAMED_OFFSETS;

export interface ScheduleForm {
  readonly type: RecurrenceType;
  readonly interval: number;
  /** daily: every n days, or Monday to Friday. */
  readonly dailyType: 'every_n_days' | 'every_weekday';
  readonly weekdays: readonly WeekdayName[];
  /** monthly and yearly: on a day of the month, or the n-th weekday. */
  readonly dayType: 'day_of_month' | 'weekday_of_month';
  readonly day: number;
  readonly week: WeekOrdinal;
  readonly weekday: WeekdayName;
  /** yearly: 1 to 12. */
  readonly month: number;
  readonly timeOfDay: string;
  readonly timeZone: string;
  readonly startDate: string;
  readonly endType: EndType;
  readonly endDate: string;
  readonly occurrences: number;
  readonly reportingPeriod: ReportingPeriod | null;
}

export interface AnchorForm {
  readonly dynamicFieldId: string;
  /** Days from the anchor date, negative before it (the anchor's holiday handling applies to the moved day). */
  readonly offsetDays: number;
  readonly timeOfDay: string;
  readonly timeZone: string;
}

/** A saved trigger as its form read it: what a change is measured against when it is sent. */
export interface SavedTrigger {
  readonly triggerType: string;
  readonly data: Record<string, unknown>;
}

interface TriggerBase {
  readonly key: string;
  readonly uuid?: string;
  readonly saved?: SavedTrigger;
}

export type TriggerForm =
  | (TriggerBase & { readonly triggerType: 'manual' })
  | (TriggerBase & { readonly triggerType: 'schedule'; readonly schedule: ScheduleForm })
  | (TriggerBase & { readonly triggerType: 'anchor_date'; readonly anchor: AnchorForm });

export type TriggerType = TriggerForm['triggerType'];

export interface TriggerInput {
  readonly uuid?: string;
  readonly triggerType: TriggerType;
  readonly data: Record<string, unknown>;
}

/** The time zone a country's runs start in when the trigger names none. */
export const COUNTRY_ZONES: Readonly<Record<string, string>> = {
  fi: 'Europe/Helsinki',
  se: 'Europe/Stockholm',
  no: 'Europe/Oslo',
  ee: 'Europe/Tallinn',
  gb: 'Europe/London',
};

export const zoneOf = (countryCode: string | undefined): string => COUNTRY_ZONES[countryCode?.toLowerCase() ?? ''] ?? 'UTC';

export function defaultSchedule(today: string, timeZone: string): ScheduleForm {
  return {
    type: 'weekly',
    interval: 1,
    dailyType: 'every_n_days',
    weekdays: ['monday'],
    dayType: 'day_of_month',
    day: 1,
    week: 'first',
    weekday: 'monday',
    month: 1,
    timeOfDay: '08:00',
    timeZone,
    startDate: today,
    endType: 'no_end',
    endDate: '',
    occurrences: 10,
    reportingPeriod: null,
  };
}

/** An anchor-date trigger's offset goes at most a year either way (engine/workflow/graph MaxOffsetDays). */
export const MAX_OFFSET_DAYS = 365;

export const validOffset = (n: number): boolean => Number.isInteger(n) && Math.abs(n) <= MAX_OFFSET_DAYS;

/** A new anchor-date trigger's form. */
export const defaultAnchor = (timeZone: string): AnchorForm => ({ dynamicFieldId: '', offsetDays: 0, timeOfDay: '08:00', timeZone });

/** The time zone a trigger's runs start in (a schedule's or an anchor date's); none for a manual trigger. */
export const triggerZone = (tr: TriggerForm): string | undefined =>
  tr.triggerType === 'schedule' ? tr.schedule.timeZone : tr.triggerType === 'anchor_date' ? tr.anchor.timeZone : undefined;

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const obj = (v: unknown): Json => (isObj(v) ? v : {});
const num = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);
const str = (v: unknown, d: string): string => (typeof v === 'string' && v !== '' ? v : d);
const weekday = (v: unknown, d: WeekdayName): WeekdayName => {
  const s = typeof v === 'string' ? v.toLowerCase() : '';
  return WEEKDAYS.find((w) => w === s || w.slice(0, 3) === s) ?? d;
};

/** Reads a reporting period in either of the server's forms: {unit, offset} or previous_month and the like. */
export function reportingPeriodFromData(v: unknown): ReportingPeriod | null {
  if (typeof v === 'string') {
    const [name, unit] = v.split('_');
    const offset = NAMED_OFFSETS[name as NamedOffset] as number | undefined;
    const known = PERIOD_UNITS.find((u) => u === unit);
    return offset !== undefined && known ? { unit: known, offset } : null;
  }
  const d = obj(v);
  const unit = PERIOD_UNITS.find((u) => u === d.unit);
  return unit ? { unit, offset: Math.trunc(num(d.offset, 0)) } : null;
}

/** The offset's name (previous, current, next), or undefined for another number of periods. */
export const offsetName = (offset: number): NamedOffset | undefined =>
  (Object.keys(NAMED_OFFSETS) as NamedOffset[]).find((k) => NAMED_OFFSETS[k] === offset);

/** Reads a saved schedule's data into the form (unknown parts get the defaults). */
export function scheduleFromData(data: unknown, today: string, timeZone: string): ScheduleForm {
  const d = obj(data);
  const base = defaultSchedule(today, timeZone);
  const rp = obj(d.recurrencePattern);
  const type = (['daily', 'weekly', 'monthly', 'yearly'] as const).find((x) => x === rp.type) ?? base.type;
  const daily = obj(rp.dailyPattern);
  const weekly = obj(rp.weeklyPattern);
  const sub = obj(type === 'yearly' ? rp.yearlyPattern : rp.monthlyPattern);
  const end = obj(d.scheduleEndCondition);
  const endType = (['no_end', 'end_by_date', 'end_after_occurrences'] as const).find((x) => x === end.type) ?? 'no_end';
  const weekdays = Array.isArray(weekly.weekdays) ? weekly.weekdays.map((w) => weekday(w, 'monday')) : base.weekdays;
  const interval =
    type === 'daily' ? num(daily.interval, 1) : type === 'weekly' ? num(weekly.interval, 1) : num(sub.interval, 1);
  return {
    ...base,
    type,
    interval: Math.max(1, interval),
    dailyType: daily.type === 'every_weekday' ? 'every_weekday' : 'every_n_days',
    weekdays: [...new Set(weekdays)],
    dayType: sub.type === 'weekday_of_month' ? 'weekday_of_month' : 'day_of_month',
    day: num(sub.day, 1),
    week: WEEK_ORDINALS.find((w) => w === sub.week) ?? 'first',
    weekday: weekday(sub.weekday, 'monday'),
    month: num(sub.month, 1),
    timeOfDay: str(rp.timeOfDay, base.timeOfDay),
    timeZone: str(rp.timeZone, timeZone),
    startDate: str(d.scheduleStartDate, today),
    endType,
    endDate: str(end.endDate, ''),
    occurrences: num(end.occurrences, 10),
    reportingPeriod: reportingPeriodFromData(d.reportingPeriod),
  };
}

/** The schedule data the server takes. */
export function scheduleToData(f: ScheduleForm): Json {
  const rp: Json = { type: f.type, timeOfDay: f.timeOfDay, timeZone: f.timeZone };
  const onDay = f.dayType === 'day_of_month';
  if (f.type === 'daily') {
    rp.dailyPattern = f.dailyType === 'every_weekday' ? { type: 'every_weekday' } : { type: 'every_n_days', interval: f.interval };
  } else if (f.type === 'weekly') {
    rp.weeklyPattern = { interval: f.interval, weekdays: WEEKDAYS.filter((w) => f.weekdays.includes(w)) };
  } else if (f.type === 'monthly') {
    rp.monthlyPattern = onDay
      ? { type: 'day_of_month', interval: f.interval, day: f.day }
      : { type: 'weekday_of_month', interval: f.interval, week: f.week, weekday: f.weekday };
  } else {
    rp.yearlyPattern = onDay
      ? { type: 'date', interval: f.interval, month: f.month, day: f.day }
      : { type: 'weekday_of_month', interval: f.interval, month: f.month, week: f.week, weekday: f.weekday };
  }
  const end: Json = { type: f.endType };
  if (f.endType === 'end_by_date') end.endDate = f.endDate;
  if (f.endType === 'end_after_occurrences') end.occurrences = f.occurrences;
  const period = f.reportingPeriod ? { reportingPeriod: { unit: f.reportingPeriod.unit, offset: f.reportingPeriod.offset } } : {};
  return { recurrencePattern: rp, ...period, scheduleEndCondition: end, scheduleStartDate: f.startDate };
}

/** What a form's schedule gets wrong before it is sent (keys of the workflowRuns namespace). */
export function scheduleProblems(f: ScheduleForm): string[] {
  const out: string[] = [];
  if (!/^\d{4}-\d{2}-\d{2}$/.test(f.startDate)) out.push('trigger.problem.start_date');
  if (!/^\d{2}:\d{2}$/.test(f.timeOfDay)) out.push('trigger.problem.time_of_day');
  if (f.type === 'weekly' && f.weekdays.length === 0) out.push('trigger.problem.weekdays');
  if (f.endType === 'end_by_date') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(f.endDate)) out.push('trigger.problem.end_date');
    else if (f.endDate < f.startDate) out.push('trigger.problem.end_before_start');
  }
  return out;
}

export function triggerFromSaved(
  t: { readonly uuid: string; readonly triggerType: string; readonly data: unknown },
  today: string,
  timeZone: string,
): TriggerForm {
  const form = formFromSaved(t, today, timeZone);
  return { ...form, saved: { triggerType: form.triggerType, data: dataOf(form) } };
}

function formFromSaved(
  t: { readonly uuid: string; readonly triggerType: string; readonly data: unknown },
  today: string,
  timeZone: string,
): TriggerForm {
  if (t.triggerType === 'schedule') {
    return { key: t.uuid, uuid: t.uuid, triggerType: 'schedule', schedule: scheduleFromData(t.data, today, timeZone) };
  }
  if (t.triggerType === 'anchor_date') {
    const d = obj(t.data);
    return {
      key: t.uuid,
      uuid: t.uuid,
      triggerType: 'anchor_date',
      anchor: {
        dynamicFieldId: str(d.dynamicFieldId, ''),
        offsetDays: num(d.offsetDays, 0),
        timeOfDay: str(d.timeOfDay, '08:00'),
        timeZone: str(d.timeZone, timeZone),
      },
    };
  }
  return { key: t.uuid, uuid: t.uuid, triggerType: 'manual' };
}

/** The whole data of a trigger's form. */
function dataOf(t: TriggerForm): Json {
  if (t.triggerType === 'schedule') return scheduleToData(t.schedule);
  if (t.triggerType === 'anchor_date') return { ...t.anchor };
  return {};
}

/**
 * The JSON Merge Patch (RFC 7386) that turns from into to: the keys whose values changed, null for
 * the keys to has no more, objects compared key by key.
 */
export function mergePatch(from: Json, to: Json): Json {
  const out: Json = {};
  for (const k of Object.keys(from)) if (!(k in to)) out[k] = null;
  for (const [k, v] of Object.entries(to)) {
    const was = from[k];
    if (isObj(v) && isObj(was)) {
      const sub = mergePatch(was, v);
      if (Object.keys(sub).length > 0) out[k] = sub;
    } else if (JSON.stringify(was) !== JSON.stringify(v)) {
      out[k] = v;
    }
  }
  return out;
}

/**
 * What manageCompanyWorkflowTriggers takes for a trigger. A saved trigger that keeps its type sends
 * only what the form changed, as a merge patch on its stored data: the server keeps what the form
 * does not know (a holiday handling, a reporting period written otherwise), and a trigger saved
 * unchanged stays as it was, byte for byte.
 */
export function triggerToInput(t: TriggerForm): TriggerInput {
  const uuid = t.uuid ? { uuid: t.uuid } : {};
  const data = dataOf(t);
  const patch = t.uuid && t.saved?.triggerType === t.triggerType ? mergePatch(t.saved.data, data) : data;
  return { ...uuid, triggerType: t.triggerType, data: patch };
}

/** Triggers worth previewing: the timed ones whose form is complete. */
export function previewable(list: readonly TriggerForm[]): TriggerInput[] {
  return list
    .filter((t) =>
      t.triggerType === 'schedule'
        ? scheduleProblems(t.schedule).length === 0
        : t.triggerType === 'anchor_date'
          ? t.anchor.dynamicFieldId !== '' && validOffset(t.anchor.offsetDays)
          : false,
    )
    .map(triggerToInput);
}
