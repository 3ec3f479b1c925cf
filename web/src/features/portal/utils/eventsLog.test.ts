import { describe, expect, it } from 'vitest';
import { defaultEventsFilters, eventText, eventsLogUrl, type EventEntry } from './eventsLog';

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

describe('event text', () => {
  const entry = (extra: Partial<EventEntry>): EventEntry => ({
    id: 1,
    updated_at: '2026-01-31T10:00:00Z',
    event_category: 'Users',
    event_name: 'sign_in_failed',
    event_label_extended: null,
    user_id: null,
    company: null,
    ip: null,
    ...extra,
  });
  const texts: Record<string, string> = {
    'events.name.sign_in_failed': 'Sign-in failed',
    'events.name.file_uploaded': 'File uploaded',
    'events.reason.handoff_refused': 'the hand-off was refused',
  };
  const known = (key: string) => texts[key] ?? null;

  it('names a refused sign-in with its reason', () => {
    expect(eventText(entry({ data: { method: 'handoff', reason: 'handoff_refused' } }), known)).toBe('Sign-in failed: the hand-off was refused');
    expect(eventText(entry({ data: { reason: 'brand_new' } }), known)).toBe('Sign-in failed: brand_new');
    expect(eventText(entry({ data: {} }), known)).toBe('Sign-in failed');
  });

  it('shows the extended label, and the raw name when no text is known', () => {
    expect(eventText(entry({ event_category: 'Files', event_name: 'file_uploaded', event_label_extended: 'a.pdf' }), known)).toBe(
      'File uploaded: a.pdf',
    );
    expect(eventText(entry({ event_category: 'Inbox', event_name: 'unheard_of', data: { reason: 'x' } }), known)).toBe('unheard_of');
  });

  it('cuts a long text at 1000 characters', () => {
    const text = eventText(entry({ event_category: 'Files', event_name: 'file_uploaded', event_label_extended: 'x'.repeat(2000) }), known);
    expect(text).toHaveLength(1001);
    expect(text.endsWith('…')).toBe(true);
  });
});
