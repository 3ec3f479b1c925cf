import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MockLink } from '@apollo/client/testing';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createCache } from '../../../app/apollo/client';
import { ACTIVITY_VIEWERS } from '../graphql/activityViewers';
import { THREAD_ACTIVITIES } from '../graphql/inboxActivities';
import { THREAD_TASK } from '../graphql/inboxTask';
import { UPDATE_MESSAGE } from '../graphql/updateMessage';
import { INBOX_THREAD } from '../../inbox';
import { INBOX_THREADS } from '../../inbox';
import { useInboxThreads } from '../../inbox';
import { activityOf } from '../utils/testActivities';
import { card, paneTask, user } from '../utils/testTask';
import { ASSIGN_TASK_TO } from '../graphql/assignTaskTo';
import { CHANGE_TASK_DUE_DATE } from '../graphql/changeTaskDueDate';
import { CHANGE_TASK_PRIORITY } from '../graphql/changeTaskPriority';
import { CHANGE_TASK_STATUS } from '../graphql/changeTaskStatus';
import { useAssignTask, useChangeTaskDueDate, useChangeTaskPriority, useChangeTaskStatus } from './useTaskMutations';

// The cache as the app builds it (typePolicies keyed by uuid), answers from a MockLink:
// a request the mocks do not expect fails the test, so a refetch cannot hide.

const LIST_VARS = { companyId: 'acme', limit: 10, types: ['inbox_task'] };

const listAnswer = (threads: unknown[]) => ({
  request: { query: INBOX_THREADS, variables: LIST_VARS },
  result: {
    data: {
      inboxTasks: {
        __typename: 'InboxTaskCollection',
        collection: threads,
        totalCount: threads.length,
        companyAbilities: [],
        inboxStats: {
          __typename: 'InboxStats',
          totalCount: threads.length,
          unreadCount: 1,
          newCount: 1,
          inProgressCount: 0,
          closedCount: 0,
          deletedCount: 0,
        },
      },
    },
  },
});

const taskPayload = (field: string, task: unknown) => ({ data: { [field]: { __typename: 'InboxTaskPayload', task, errors: [] } } });

/** A client on the app's cache that counts the operations that reach the "server". */
function clientWith(mocks: ReadonlyArray<MockLink.MockedResponse>) {
  const sent: string[] = [];
  const counter = new ApolloLink((operation, forward) => {
    sent.push(operation.operationName ?? '');
    return forward(operation);
  });
  const client = new ApolloClient({ cache: createCache(), link: ApolloLink.from([counter, new MockLink(mocks)]) });
  return { client, sent };
}

/** The inbox list's cards, and the pane's four edits as buttons. */
function ListAndPane() {
  const list = useInboxThreads(LIST_VARS);
  const scope = { companyId: 'acme', taskId: 't1' };
  const { changeStatus } = useChangeTaskStatus(scope);
  const { changePriority } = useChangeTaskPriority(scope);
  const { changeDueDate } = useChangeTaskDueDate(scope);
  const { assign } = useAssignTask(scope);
  return (
    <>
      <ul>
        {list.threads.map((th) => (
          <li key={th.uuid} data-testid={`card-${th.uuid}`}>
            {[th.status, th.priority, th.dueDate ?? 'no due date', th.responsible?.name ?? 'nobody', th.mentioned ? 'mentioned' : ''].join(' | ')}
          </li>
        ))}
      </ul>
      <button onClick={() => void changeStatus({ status: 'in_progress' })}>status</button>
      <button onClick={() => void changePriority({ priority: 'high' })}>priority</button>
      <button onClick={() => void changeDueDate({ dueDate: '2026-12-01T21:59:59.999Z' })}>due</button>
      <button onClick={() => void assign({ userId: 'u-alex' })}>assign</button>
    </>
  );
}

afterEach(cleanup);

describe('the normalised cache', () => {
  it('shows the pane’s status, priority, due date and assignee changes on the list card without a refetch', async () => {
    const alex = { __typename: 'InboxUser', uuid: 'u-alex', name: 'Alex Agent', active: true, masked: false };
    const { client, sent } = clientWith([
      listAnswer([card('t1'), card('t2')]),
      {
        request: { query: CHANGE_TASK_STATUS, variables: { companyId: 'acme', taskId: 't1', status: 'in_progress' } },
        result: taskPayload('changeTaskStatus', paneTask('t1', { status: 'in_progress' })),
      },
      {
        request: { query: CHANGE_TASK_PRIORITY, variables: { taskId: 't1', priority: 'high' } },
        result: taskPayload('changeTaskPriority', paneTask('t1', { status: 'in_progress', priority: 'high' })),
      },
      {
        request: {
          query: CHANGE_TASK_DUE_DATE,
          variables: { companyId: 'acme', taskId: 't1', dueDate: '2026-12-01T21:59:59.999Z' },
        },
        result: taskPayload(
          'changeTaskDueDate',
          paneTask('t1', { status: 'in_progress', priority: 'high', dueDate: '2026-12-01T21:59:59.999Z' }),
        ),
      },
      {
        request: { query: ASSIGN_TASK_TO, variables: { companyId: 'acme', taskId: 't1', userId: 'u-alex', nobody: false } },
        result: taskPayload(
          'assignTaskTo',
          paneTask('t1', { status: 'in_progress', priority: 'high', dueDate: '2026-12-01T21:59:59.999Z', responsible: alex }),
        ),
      },
    ]);
    render(
      <ApolloProvider client={client}>
        <ListAndPane />
      </ApolloProvider>,
    );
    const first = await screen.findByTestId('card-t1');
    expect(first.textContent).toBe('created | medium | no due date | nobody | mentioned');

    fireEvent.click(screen.getByText('status'));
    await waitFor(() => expect(first.textContent).toContain('in_progress | medium'));
    fireEvent.click(screen.getByText('priority'));
    await waitFor(() => expect(first.textContent).toContain('in_progress | high'));
    fireEvent.click(screen.getByText('due'));
    await waitFor(() => expect(first.textContent).toContain('2026-12-01T21:59:59.999Z'));
    fireEvent.click(screen.getByText('assign'));
    await waitFor(() => expect(first.textContent).toBe('in_progress | high | 2026-12-01T21:59:59.999Z | Alex Agent | mentioned'));

    // The other card is untouched, and the list was asked for once.
    expect(screen.getByTestId('card-t2').textContent).toBe('created | medium | no due date | nobody | mentioned');
    expect(sent).toEqual([
      'InboxThreads',
      'ThreadChangeTaskStatus',
      'ThreadChangeTaskPriority',
      'ThreadChangeTaskDueDate',
      'ThreadAssignTaskTo',
    ]);
  });

  it('lets the opened thread’s answer (read state) reach its card, keeping the card’s own fields', async () => {
    const { client } = clientWith([
      listAnswer([card('t1')]),
      { request: { query: THREAD_TASK, variables: { companyId: null, id: 't1' } }, result: { data: { inboxTask: paneTask('t1', { read: true, unreadCount: 0, unreadActivityId: null }) } } },
    ]);
    await client.query({ query: INBOX_THREADS, variables: LIST_VARS });
    await client.query({ query: THREAD_TASK, variables: { companyId: null, id: 't1' } });
    const list = client.readQuery({ query: INBOX_THREADS, variables: LIST_VARS });
    expect(list?.inboxTasks.collection[0]).toMatchObject({ uuid: 't1', read: true, unreadCount: 0, mentioned: true });
  });

  it('lets a card’s refresh (a reply came) tell the cached pane thread where it opens', async () => {
    const vars = { companyId: null, id: 't1' };
    const { client } = clientWith([
      { request: { query: THREAD_TASK, variables: vars }, result: { data: { inboxTask: paneTask('t1', { read: true, unreadCount: 0, unreadActivityId: null }) } } },
      { request: { query: INBOX_THREAD, variables: vars }, result: { data: { inboxTask: card('t1', { unreadCount: 1, unreadActivityId: 'a7' }) } } },
    ]);
    await client.query({ query: THREAD_TASK, variables: vars });
    await client.query({ query: INBOX_THREAD, variables: vars, fetchPolicy: 'network-only' });
    // the pane opened again from the cache opens at the reply, not where it was read
    const pane = client.readQuery({ query: THREAD_TASK, variables: vars })?.inboxTask;
    expect(pane).toMatchObject({ read: false, unreadCount: 1, unreadActivityId: 'a7' });
  });

  it('keeps masked users (no uuid) apart instead of merging them into one record', async () => {
    const { client } = clientWith([
      listAnswer([card('t1', { user: user(null, 'Portico') }), card('t2', { user: user(null, 'Portico support') })]),
    ]);
    await client.query({ query: INBOX_THREADS, variables: LIST_VARS });
    const names = client.readQuery({ query: INBOX_THREADS, variables: LIST_VARS })?.inboxTasks.collection.map((th) => th.user?.name);
    expect(names).toEqual(['Portico', 'Portico support']);
    const records = Object.keys(client.cache.extract() as Record<string, unknown>);
    expect(records).toContain('InboxTask:{"uuid":"t1"}');
    expect(records.filter((id) => id.startsWith('InboxUser'))).toEqual([]);
  });

  it('shows an edited message in the loaded stream from the mutation’s answer alone', async () => {
    const activity = { ...activityOf({ uuid: 'a1', body: '<p>Hello</p>' }), __typename: 'InboxActivity' };
    const withTypes = (a: typeof activity, body: string) => ({
      ...a,
      creator: a.creator && { ...a.creator, __typename: 'InboxActivityCreator' },
      trackableUser: a.trackableUser && { ...a.trackableUser, __typename: 'InboxUser' },
      inboxMessage: a.inboxMessage && { ...a.inboxMessage, __typename: 'InboxMessage', body, edited: body !== '<p>Hello</p>' },
    });
    const page = { companyId: null, taskId: 't1', limit: 30, fresh: true };
    const { client, sent } = clientWith([
      {
        request: { query: THREAD_ACTIVITIES, variables: page },
        result: {
          data: {
            inboxActivities: {
              __typename: 'InboxActivityCollection',
              hasMoreBefore: false,
              hasMoreAfter: false,
              collection: [withTypes(activity, '<p>Hello</p>')],
            },
          },
        },
      },
      {
        request: { query: UPDATE_MESSAGE, variables: { taskId: 't1', messageId: 'msg-a1', message: '<p>Hi</p>', removeImage: false } },
        result: {
          data: {
            updateMessage: { __typename: 'InboxActivityPayload', activity: withTypes(activity, '<p>Hi</p>'), errors: [] },
          },
        },
      },
    ]);
    await client.query({ query: THREAD_ACTIVITIES, variables: page });
    await act(async () => {
      await client.mutate({
        mutation: UPDATE_MESSAGE,
        variables: { taskId: 't1', messageId: 'msg-a1', message: '<p>Hi</p>', removeImage: false },
      });
    });
    const stream = client.readQuery({ query: THREAD_ACTIVITIES, variables: page });
    expect(stream?.inboxActivities.collection[0]?.inboxMessage).toMatchObject({ body: '<p>Hi</p>', edited: true });
    expect(sent).toEqual(['ThreadActivities', 'ThreadUpdateMessage']);
  });

  it('keeps a viewers list’s read times with their activity, not on the shared user record', async () => {
    const viewers = (activityId: string, at: string) => ({
      request: { query: ACTIVITY_VIEWERS, variables: { companyId: 'acme', activityId, limit: 20 } },
      result: {
        data: {
          users: {
            __typename: 'UserCollection',
            totalCount: 1,
            collection: [{ __typename: 'User', uuid: 'u-anna', name: 'Anna Acme', active: true, activityReadedAt: at }],
          },
        },
      },
    });
    const { client } = clientWith([viewers('a1', '2026-11-20T10:00:00Z'), viewers('a2', '2026-11-21T09:00:00Z')]);
    await client.query({ query: ACTIVITY_VIEWERS, variables: { companyId: 'acme', activityId: 'a1', limit: 20 } });
    await client.query({ query: ACTIVITY_VIEWERS, variables: { companyId: 'acme', activityId: 'a2', limit: 20 } });
    const first = client.readQuery({ query: ACTIVITY_VIEWERS, variables: { companyId: 'acme', activityId: 'a1', limit: 20 } });
    expect(first?.users.collection[0]?.activityReadedAt).toBe('2026-11-20T10:00:00Z');
  });
});
