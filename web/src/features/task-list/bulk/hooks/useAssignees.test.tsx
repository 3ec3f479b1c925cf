import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../../app/i18n/i18n';
import { initData, user } from '../../../../test/fixtures';
import { PORTICO_USERS } from '../../graphql/porticoUsers';
import { STAFF_LIMIT } from '../../hooks/usePorticoUsers';
import { useAssignees } from './useAssignees';

vi.mock('../../../../app/session/SessionProvider', () => ({
  useInit: () => initData({ user: user({ uuid: 'me', name: 'Alex Agent', userType: 'portico_user' }) }),
}));

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['inbox']);
});
afterEach(cleanup);

const answer = (search: string | null, names: [string, string][]): MockedResponse => ({
  request: { query: PORTICO_USERS, variables: { companyId: 'acme', taskId: 't1', search, limit: STAFF_LIMIT } },
  result: {
    data: {
      porticoUsers: {
        __typename: 'UserCollection',
        totalCount: names.length,
        collection: names.map(([uuid, name]) => ({ __typename: 'User', uuid, name })),
      },
    },
  },
});

const wrapper =
  (mocks: MockedResponse[]) =>
  ({ children }: { children: ReactNode }) => <MockedProvider mocks={mocks}>{children}</MockedProvider>;

describe('useAssignees', () => {
  it('offers me first, then the staff porticoUsers gives for the first selected thread', async () => {
    const mocks = [
      answer(null, [
        ['me', 'Alex Agent'],
        ['u2', 'Bea Bookkeeper'],
      ]),
      answer('bea', [['u2', 'Bea Bookkeeper']]),
    ];
    const { result } = renderHook(() => useAssignees({ companyId: 'acme', taskId: 't1' }, false), {
      wrapper: wrapper(mocks),
    });
    await waitFor(() => expect(result.current.options).toHaveLength(2));
    expect(result.current.options).toEqual([
      { value: 'me', label: 'Me (Alex Agent)' },
      { value: 'u2', label: 'Bea Bookkeeper' },
    ]);

    act(() => result.current.search('bea'));
    await waitFor(() => expect(result.current.options).toEqual([{ value: 'u2', label: 'Bea Bookkeeper' }]));
  });

  it('asks nothing while the picker is closed', () => {
    const { result } = renderHook(() => useAssignees({ companyId: 'acme', taskId: 't1' }, true), {
      wrapper: wrapper([]),
    });
    expect(result.current.loading).toBe(false);
    expect(result.current.options).toEqual([{ value: 'me', label: 'Me (Alex Agent)' }]);
  });
});
