import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCache } from '../../../app/apollo/client';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import { CHANGE_TASK_STATUS } from '../graphql/changeTaskStatus';
import { CHANGE_TASK_UNREAD } from '../graphql/changeTaskUnread';
import { paneTask } from '../utils/testTask';
import { useThreadActions } from './useThreadActions';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['thread']);
});
afterEach(cleanup);

const WAIT = { timeout: 10_000 };

const answer = (field: string, task: unknown, errors: unknown[] = []) => ({
  data: { [field]: { __typename: 'InboxTaskPayload', task, errors } },
});

function setup(mocks: MockedResponse[]) {
  const onStatusChanged = vi.fn();
  const onClose = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MockedProvider mocks={mocks} cache={createCache()}>
      <App>{children}</App>
    </MockedProvider>
  );
  const hook = renderHook(
    () => useThreadActions({ companyId: 'acme', taskId: 't1', threadCompanyId: 'acme', title: 'Payroll', onStatusChanged, onClose }),
    { wrapper },
  );
  return { ...hook, onStatusChanged, onClose };
}

describe('useThreadActions', { timeout: 30_000 }, () => {
  it('is busy while a status change is on its way, and reloads the stream after it', async () => {
    const { result, onStatusChanged, onClose } = setup([
      {
        request: { query: CHANGE_TASK_STATUS, variables: { companyId: 'acme', taskId: 't1', status: 'in_progress' } },
        result: answer('changeTaskStatus', paneTask('t1', { status: 'in_progress' })),
      },
    ]);
    expect(result.current.busy).toBe(false);
    act(() => result.current.actions.onChangeStatus('in_progress'));
    // The answer comes in a later turn: until then the buttons wait.
    expect(result.current.busy).toBe(true);
    await waitFor(() => expect(onStatusChanged).toHaveBeenCalledTimes(1), WAIT);
    await waitFor(() => expect(result.current.busy).toBe(false), WAIT);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('does not reload after a refused status change', async () => {
    const { result, onStatusChanged } = setup([
      {
        request: { query: CHANGE_TASK_STATUS, variables: { companyId: 'acme', taskId: 't1', status: 'closed' } },
        result: answer('changeTaskStatus', null, [
          { __typename: 'MutationError', code: 'FORBIDDEN', message: 'forbidden', field: null, entityType: null },
        ]),
      },
    ]);
    act(() => result.current.actions.onChangeStatus('closed'));
    await waitFor(() => expect(result.current.busy).toBe(true), WAIT);
    await waitFor(() => expect(result.current.busy).toBe(false), WAIT);
    expect(onStatusChanged).not.toHaveBeenCalled();
  });

  it('closes the pane once the thread is marked unread', async () => {
    const { result, onClose } = setup([
      {
        request: { query: CHANGE_TASK_UNREAD, variables: { companyId: 'acme', taskId: 't1', unreadStatus: true } },
        result: answer('changeTaskUnread', paneTask('t1', { read: false })),
      },
    ]);
    act(() => result.current.actions.onMarkUnread());
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), WAIT);
  });
});
