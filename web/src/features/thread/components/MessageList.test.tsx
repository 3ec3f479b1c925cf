import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import { activityOf } from '../utils/testActivities';
import type { ThreadActivity } from '../utils/types';
import { MessageList, type MessageListProps } from './MessageList';

// jsdom lays nothing out: a small layout stands in for the browser's. Every activity
// and the unread marker sit at a known height in the scroller (the scroller at 0), and
// scrollTop keeps what it is given, so the test reads where the list scrolled to.
const ROW = 100;
const top = (el: HTMLElement): number => {
  const log = el.closest('[data-testid="thread-messages"]');
  if (!log || el === log) return 0;
  const rows = Array.from(log.querySelectorAll<HTMLElement>('[data-unread-marker], [id^="activity-"]'));
  return rows.indexOf(el) * ROW;
};
const scrolled = new WeakMap<Element, number>();
const saved = ['offsetTop', 'scrollTop', 'scrollHeight'].map(
  (name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name) ?? Object.getOwnPropertyDescriptor(Element.prototype, name)] as const,
);

// jsdom has no CSS.escape; the ids here are plain words.
const css = globalThis as unknown as { CSS?: { escape?: (s: string) => string } };
if (!css.CSS?.escape) css.CSS = { ...css.CSS, escape: (s: string) => s.replace(/[^\w-]/g, '\\$&') };

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces('thread');
  Object.defineProperty(HTMLElement.prototype, 'offsetTop', { configurable: true, get: function (this: HTMLElement) { return top(this); } });
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get: () => 100 * ROW });
  Object.defineProperty(HTMLElement.prototype, 'scrollTop', {
    configurable: true,
    get: function (this: HTMLElement) { return scrolled.get(this) ?? 0; },
    set: function (this: HTMLElement, v: number) { scrolled.set(this, v); },
  });
});
afterAll(() => {
  for (const [name, descriptor] of saved) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
  }
});
afterEach(cleanup);

// Five messages from two people, a minute apart (each its own group).
const activities: ThreadActivity[] = ['a1', 'a2', 'a3', 'a4', 'a5'].map((uuid, i) =>
  activityOf({ uuid, by: i % 2 ? 'u-alex' : 'u-anna', createdAt: `2026-11-20T10:0${i}:00Z` }),
);

function list(props: Partial<MessageListProps>) {
  render(
    <MessageList
      activities={activities}
      companyId="acme"
      description={null}
      unreadActivityId={null}
      focusActivityId={null}
      hasMoreBefore={false}
      hasMoreAfter={false}
      loadingOlder={false}
      onLoadOlder={() => undefined}
      onJumpToLatest={() => undefined}
      onSeeBottom={() => undefined}
      highlightedId={null}
      renderActivity={(a) => <div id={`activity-${a.uuid}`}>{a.uuid}</div>}
      {...props}
    />,
  );
  return screen.getByTestId('thread-messages');
}

/** The rows in order: the marker as "unread", activities by uuid. */
const rows = (log: HTMLElement) =>
  Array.from(log.querySelectorAll<HTMLElement>('[data-unread-marker], [id^="activity-"]')).map((el) =>
    el.hasAttribute('data-unread-marker') ? 'unread' : el.id.replace('activity-', ''),
  );

describe('MessageList', () => {
  it('opens at the first unread message: the marker right before it, scrolled to the marker', () => {
    // as the pane opens an unread thread: the stream loaded around the first unread message
    const log = list({ unreadActivityId: 'a3', focusActivityId: 'a3' });
    expect(rows(log)).toEqual(['a1', 'a2', 'unread', 'a3', 'a4', 'a5']);
    expect(screen.getByText('New messages')).toBeTruthy();
    expect(log.scrollTop).toBe(2 * ROW - 60);
  });

  it('opens at the route’s activity over the marker, and at the bottom with neither', () => {
    expect(list({ unreadActivityId: 'a3', focusActivityId: 'a5' }).scrollTop).toBe(5 * ROW - 60);
    cleanup();
    const read = list({});
    expect(rows(read)).not.toContain('unread');
    expect(read.scrollTop).toBe(100 * ROW);
  });
});
