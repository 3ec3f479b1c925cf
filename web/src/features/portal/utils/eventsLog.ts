// The events log's filters and request (spec 002 §2.16, §7 "Other calls", §9).

export const EVENTS_PAGE_SIZE = 10;

/** Event categories of the spec (002 §9) and Workflow, which Portico adds. */
export const EVENT_CATEGORIES = [
  'Users',
  'Inbox',
  'Files',
  'Category',
  'Company',
  'CustomerUser',
  'SystemBanner',
  'InboundEmail',
  'Admin:CustomerUser',
  'Admin:AgentUser',
  'DynamicFieldValue',
  'CompanyCategory',
  'Workflow',
] as const;

export interface EventsFilters extends Readonly<Record<string, string | null>> {
  readonly search: string;
  readonly category: string | null;
  readonly userId: string | null;
  /** YYYY-MM-DD, both days included. */
  readonly dateFrom: string;
  readonly dateTo: string;
}

const isoDay = (d: Date): string =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The default filters: everything of the last month up to today (the range derives from the current date). */
export function defaultEventsFilters(today: Date): EventsFilters {
  const from = new Date(today);
  from.setMonth(from.getMonth() - 1);
  return { search: '', category: null, userId: null, dateFrom: isoDay(from), dateTo: isoDay(today) };
}

/** The GET /api/events_log address for filters, page and company (null: every company). */
export function eventsLogUrl(filters: EventsFilters, page: number, companyId: string | null): string {
  const q = new URLSearchParams();
  if (filters.search.trim()) q.set('search', filters.search.trim());
  if (companyId) q.set('company_id', companyId);
  if (filters.userId) q.set('user_id', filters.userId);
  if (filters.category) q.set('event_category', filters.category);
  if (filters.dateFrom) q.set('time_start', filters.dateFrom);
  if (filters.dateTo) q.set('time_end', filters.dateTo);
  q.set('page', String(page));
  q.set('per_page', String(EVENTS_PAGE_SIZE));
  q.set('sort_order', 'desc');
  return `/api/events_log?${q.toString()}`;
}

/** The GET /api/events_log/users address: the user filter's matches for search. */
export function eventsLogUsersUrl(search: string): string {
  return `/api/events_log/users?${new URLSearchParams({ search: search.trim() }).toString()}`;
}

/** A user as the events log shows one: an entry's writer or a match of the user filter. */
export interface EventUser {
  readonly uuid: string;
  readonly name: string;
  readonly email: string;
  readonly active: boolean;
}

export interface EventEntry {
  readonly id: number;
  readonly updated_at: string;
  readonly event_category: string;
  readonly event_name: string;
  readonly event_label_extended: string | null;
  readonly user_id: EventUser | null;
  readonly company: { readonly uuid: string; readonly name: string } | null;
  readonly ip: string | null;
  /** What the entry records; a refused sign-in's reason is data.reason. */
  readonly data?: Readonly<Record<string, unknown>> | null;
}

/** Event texts longer than this are cut (spec 002 §9 "Event text cutter"). */
export const EVENT_TEXT_MAX = 1000;

/**
 * An entry's text: its name's text, else the raw name (spec 002 §2.16), then its extended label or,
 * for a refused sign-in, the reason's text (events.reason.*, the raw reason when none is known),
 * cut at EVENT_TEXT_MAX. known answers a text key's text, or null when there is none.
 */
export function eventText(e: EventEntry, known: (key: string) => string | null): string {
  const label = known(`events.name.${e.event_name}`) ?? e.event_name;
  const reason = e.event_category === 'Users' && typeof e.data?.['reason'] === 'string' ? e.data['reason'] : '';
  const detail = e.event_label_extended || (reason && (known(`events.reason.${reason}`) ?? reason));
  const text = detail ? `${label}: ${detail}` : label;
  return text.length > EVENT_TEXT_MAX ? `${text.slice(0, EVENT_TEXT_MAX)}…` : text;
}

export interface EventsAnswer {
  readonly result: readonly EventEntry[];
  readonly meta: { readonly total_count: number; readonly total_pages: number };
}
