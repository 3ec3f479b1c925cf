import { describe, expect, it } from 'vitest';
import { defaultEventsFilters, eventsLogUrl } from './eventsLog';

describe('events log request', () => {
  it('defaults to the last month up to today', () => {
    expect(defaultEventsFilters(new Date(2026, 10, 25))).toMatchObject({ dateFrom: '2026-10-25', dateTo: '2026-11-25' });
  });

  it('sends only the filters that are set', () => {
    const url = new URL(eventsLogUrl({ ...defaultEventsFilters(new Date(2026, 0, 31)), category: 'Inbox' }, 2, null), 'http://x');
    expect(url.pathname).toBe('/api/events_log');
    expect(url.searchParams.get('event_category')).toBe('Inbox');
    expect(url.searchParams.get('time_start')).toBe('2025-12-31');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.has('user_id')).toBe(false);
    expect(url.searchParams.has('company_id')).toBe(false);
  });
});
