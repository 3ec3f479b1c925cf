import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import { card } from '../../thread';
import type { InboxThread } from './hooks/useInboxThreads';
import { ThreadList, type ThreadListProps } from './ThreadList';

function makeThreads(n: number): InboxThread[] {
  const start = Date.parse('2026-11-22T12:00:00Z');
  return Array.from(
    { length: n },
    (_, i) =>
      card(`thread-${i}`, {
        title: `Thread ${i}`,
        read: true,
        unreadCount: 0,
        unreadActivityId: null,
        mentioned: false,
        // One thread an hour back in time: the list gets a divider per day.
        activityAt: new Date(start - i * 3600_000).toISOString(),
        category: null,
        user: null,
      }) as InboxThread,
  );
}

const props = (threads: InboxThread[], extra: Partial<ThreadListProps> = {}): ThreadListProps => ({
  threads,
  folder: 'inbox',
  openId: null,
  isSelected: () => false,
  selectable: true,
  showCompany: false,
  showResponsible: true,
  hasMore: false,
  loadingMore: false,
  loadMoreError: false,
  onLoadMore: vi.fn(),
  hrefOf: (thread) => `/inbox/${thread.uuid}`,
  onOpen: vi.fn(),
  onToggleSelected: vi.fn(),
  height: 600,
  ...extra,
});

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces('inbox');
});

afterEach(cleanup);

describe('the thread list', () => {
  it('mounts no more rows for 10,000 threads than for 100', () => {
    const small = render(<ThreadList {...props(makeThreads(100))} />);
    const rowsFor100 = small.container.querySelectorAll('[data-testid="thread-row"]').length;
    small.unmount();

    const big = render(<ThreadList {...props(makeThreads(10_000))} />);
    const rowsFor10k = big.container.querySelectorAll('[data-testid="thread-row"]').length;

    expect(rowsFor100).toBeGreaterThan(0);
    expect(rowsFor100).toBeLessThan(100);
    expect(rowsFor10k).toBe(rowsFor100);
  }, 60_000);

  it('names the workflow as the sender of a workflow thread', () => {
    const [first] = makeThreads(1);
    const run = { ...first!, type: 'workflow_task', workflow: { __typename: 'InboxWorkflow', uuid: 'w1', name: 'Month-end close' } };
    render(<ThreadList {...props([run as InboxThread])} />);
    expect(screen.getByText('From: Month-end close')).toBeTruthy();
  });

  it('shows every thread of a short list under its date divider', () => {
    render(<ThreadList {...props(makeThreads(3))} />);
    expect(screen.getAllByTestId('thread-row')).toHaveLength(3);
    expect(screen.getAllByTestId('date-divider').length).toBeGreaterThan(0);
  });

  it('offers a retry when the next page failed', async () => {
    const onLoadMore = vi.fn();
    render(<ThreadList {...props(makeThreads(3), { hasMore: false, loadMoreError: true, onLoadMore })} />);
    (await screen.findByRole('button', { name: 'Try again' })).click();
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('highlights overdue threads, but not in the closed folder', () => {
    const [late] = makeThreads(1);
    const overdue = { ...late!, overdue: true, dueDate: '2026-01-01T00:00:00Z' };
    const { unmount } = render(<ThreadList {...props([overdue])} />);
    expect(screen.getByTestId('thread-row').dataset.overdue).toBe('overdue');
    unmount();
    render(<ThreadList {...props([overdue], { folder: 'closed' })} />);
    expect(screen.getByTestId('thread-row').dataset.overdue).toBe('fresh');
  });

  it('makes each card a link to its thread: a plain click opens it in the page, a ctrl-click is the browser\'s', () => {
    const [thread] = makeThreads(1);
    const onOpen = vi.fn();
    render(<ThreadList {...props([thread!], { onOpen })} />);
    const link = screen.getByTestId('thread-link');
    expect(link.getAttribute('href')).toBe(`/inbox/${thread!.uuid}`);
    const ctrl = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    link.dispatchEvent(ctrl);
    expect(onOpen).not.toHaveBeenCalled();
    expect(ctrl.defaultPrevented).toBe(false);
    const plain = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(plain);
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(plain.defaultPrevented).toBe(true);
  });
});
