import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCache } from '../../../app/apollo/client';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import { createRealtimeHub } from '../../../shared/realtime/realtimeHub';
import { RealtimeHubProvider } from '../../../shared/realtime/RealtimeProvider';
import { customer } from '../../../test/fixtures';
import { CHANGE_TASK_STATUS } from '../graphql/changeTaskStatus';
import { THREAD_ACTIVITIES } from '../graphql/inboxActivities';
import { THREAD_TASK } from '../graphql/inboxTask';
import { paneTask } from '../utils/testTask';
import { ThreadPane, type ThreadPaneProps } from './ThreadPane';

vi.mock('../../../app/session/SessionProvider', () => ({ useInit: () => customer() }));

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['thread', 'inbox']);
});
afterEach(cleanup);

const WAIT = { timeout: 10_000 };

function setup(task: Record<string, unknown>, props: Partial<ThreadPaneProps> = {}, more: MockedResponse[] = []) {
  const mocks: MockedResponse[] = [
    { request: { query: THREAD_TASK, variables: { companyId: 'acme', id: 't1' } }, result: { data: { inboxTask: task } } },
    {
      request: { query: THREAD_ACTIVITIES, variables: { companyId: 'acme', taskId: 't1', limit: 30, fresh: true } },
      result: {
        data: { inboxActivities: { __typename: 'InboxActivityCollection', hasMoreBefore: false, hasMoreAfter: false, collection: [] } },
      },
    },
    ...more,
  ];
  const onClose = vi.fn();
  render(
    <MockedProvider mocks={mocks} cache={createCache()}>
      <RealtimeHubProvider hub={createRealtimeHub()}>
        <App>
          <div style={{ height: 600 }}>
            <ThreadPane companyId="acme" taskId="t1" onClose={onClose} {...props} />
          </div>
        </App>
      </RealtimeHubProvider>
    </MockedProvider>,
  );
  return { onClose };
}

const read = { read: true, unreadCount: 0, unreadActivityId: null };

describe('ThreadPane', { timeout: 30_000 }, () => {
  it('gives a workflow task the task header with messages, description and attachments tabs', async () => {
    setup(paneTask('t1', { ...read, type: 'workflow_task', taskType: 'workflow_task', description: '<p>Check the <strong>payroll</strong></p>' }));
    const tabs = await screen.findAllByRole('tab', undefined, WAIT);
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Messages', 'Description', 'Attachments']);
    fireEvent.click(screen.getByRole('tab', { name: 'Description' }));
    expect((await screen.findByText('payroll')).tagName).toBe('STRONG');
    // The Attachments tab stands in for the header's attachments button.
    expect(screen.queryByRole('button', { name: 'Attachments' })).toBeNull();
  });

  it('hides the description tab of an inbox thread in the tasks table, and keeps the full header in the inbox', async () => {
    setup(paneTask('t1', read), { variant: 'tasks' });
    const tabs = await screen.findAllByRole('tab', undefined, WAIT);
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Messages', 'Attachments']);
    cleanup();
    setup(paneTask('t1', read));
    await screen.findByRole('button', { name: 'Attachments' }, WAIT);
    expect(screen.queryAllByRole('tab')).toEqual([]);
  });

  it('on the mobile inbox: back to the list, and the thread menu changes the status', async () => {
    const changed = vi.fn(() => ({
      data: {
        changeTaskStatus: {
          __typename: 'InboxTaskPayload',
          task: paneTask('t1', { ...read, status: 'in_progress', permittedTransitions: ['closed'] }),
          errors: [],
        },
      },
    }));
    const after = {
      request: { query: THREAD_ACTIVITIES, variables: { companyId: 'acme', taskId: 't1', limit: 30, fresh: true } },
      result: {
        data: { inboxActivities: { __typename: 'InboxActivityCollection', hasMoreBefore: false, hasMoreAfter: false, collection: [] } },
      },
    };
    const { onClose } = setup(paneTask('t1', read), { mobile: true }, [
      { request: { query: CHANGE_TASK_STATUS, variables: { companyId: 'acme', taskId: 't1', status: 'in_progress' } }, result: changed },
      after,
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Back to the threads' }, WAIT));
    expect(onClose).toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Thread menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Thread menu' });
    expect(within(menu).getByRole('menuitem', { name: /Export as PDF/ })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: /Download attachments/ })).toBeTruthy();
    fireEvent.click(within(menu).getByRole('menuitem', { name: /Status: Not started/ }));
    fireEvent.click(await within(menu).findByRole('menuitem', { name: 'In progress' }));
    await waitFor(() => expect(changed).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId('thread-status').textContent).toBe('In progress'));
  });

  it('on the mobile inbox: the attachments are a screen of their own with the way back', async () => {
    setup(paneTask('t1', read), { mobile: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Thread menu' }, WAIT));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Thread menu' })).getByRole('menuitem', { name: /Attachments/ }));
    const attachments = await screen.findByTestId('attachments-screen');
    expect(within(attachments).getByRole('heading', { name: 'Attachments' })).toBeTruthy();
    fireEvent.click(within(attachments).getByRole('button', { name: 'Back to the thread' }));
    expect(screen.queryByTestId('attachments-screen')).toBeNull();
    expect(screen.getByRole('button', { name: 'Thread menu' })).toBeTruthy();
  });
});
