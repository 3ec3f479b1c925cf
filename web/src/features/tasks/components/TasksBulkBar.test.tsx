import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import { initData, user } from '../../../test/fixtures';
import { EMPTY_SELECTION, type Selection } from '../../task-list';
import { TasksBulkBar } from './TasksBulkBar';
import { makeRows } from './testRows';

vi.mock('../../../app/session/SessionProvider', () => ({
  useInit: () => initData({ user: user({ userType: 'portico_user', userRole: 'user' }) }),
}));

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['tasks', 'inbox']);
});
afterEach(cleanup);

const ALL_BULK = [
  'bulk_change_status',
  'bulk_change_priority',
  'bulk_change_due_date',
  'bulk_change_completion_date',
  'bulk_assign',
  'bulk_change_unread',
].map((action) => ({ action, subject: 'Inbox::Task', inverted: false }));

function renderBar(width: number, taskOpen: boolean, selection: Selection) {
  const rows = makeRows(3);
  render(
    <MockedProvider mocks={[]}>
      <TasksBulkBar
        width={width}
        taskOpen={taskOpen}
        selection={selection}
        threads={rows}
        totalCount={3}
        abilities={[{ companyId: 'acme', rules: ALL_BULK }]}
        scopeAbilities={[]}
        admin={false}
        canSelectAllMatching
        allowUnread
        target={{ companyId: null, group: false, taskIds: [], folder: null, tab: 'all', filters: null }}
        onSelectVisible={vi.fn()}
        onSelectAllMatching={vi.fn()}
        onClear={vi.fn()}
      />
    </MockedProvider>,
  );
}

const two: Selection = { mode: 'ids', ids: ['task-0', 'task-1'] };
const CHANGES = ['Change status', 'Change priority', 'Change due date', 'Change completion date', 'Change assignee'];
const button = (name: string) => screen.queryByRole('button', { name });

describe('TasksBulkBar', { timeout: 30_000 }, () => {
  it('shows no bulk buttons until rows are selected', () => {
    renderBar(1920, false, EMPTY_SELECTION);
    expect(screen.getByRole('checkbox', { name: 'Select all visible threads' })).toBeTruthy();
    for (const name of [...CHANGES, 'Mark as read', 'Mark as unread']) expect(button(name)).toBeNull();
    expect(screen.queryByRole('button', { name: /Actions/ })).toBeNull();
  });

  it('puts every change inline on a wide window with no task open', () => {
    renderBar(1920, false, two);
    expect(screen.getByText('2 selected')).toBeTruthy();
    for (const name of [...CHANGES, 'Mark as read', 'Mark as unread']) expect(button(name)).not.toBeNull();
    expect(screen.queryByRole('button', { name: /Actions/ })).toBeNull();
  });

  it('moves the changes under Actions at 1440 px, keeping mark read and unread as buttons', () => {
    renderBar(1440, false, two);
    for (const name of CHANGES) expect(button(name)).toBeNull();
    expect(screen.getByRole('button', { name: /Actions/ })).toBeTruthy();
    expect(button('Mark as read')).not.toBeNull();
    expect(button('Mark as unread')).not.toBeNull();
  });

  it('moves the changes under Actions while a task is open, however wide the window', () => {
    renderBar(2400, true, two);
    expect(button('Change priority')).toBeNull();
    expect(screen.getByRole('button', { name: /Actions/ })).toBeTruthy();
  });
});
