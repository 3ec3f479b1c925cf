import type { MockedResponse } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import { NOBODY } from '../../task-list';
import { PORTICO_USERS } from '../../task-list';
import { STAFF_LIMIT } from '../../task-list';
import { ALL_ASSIGNEES, AssigneeSwitcher, switcherValue } from './AssigneeSwitcher';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['tasks']);
});
afterEach(cleanup);

const staff: MockedResponse = {
  request: { query: PORTICO_USERS, variables: { companyId: 'acme', search: null, limit: STAFF_LIMIT } },
  result: {
    data: {
      porticoUsers: {
        __typename: 'UserCollection',
        totalCount: 2,
        collection: [
          { __typename: 'User', uuid: 'me', name: 'Alex Agent' },
          { __typename: 'User', uuid: 'u2', name: 'Bea Bookkeeper' },
        ],
      },
    },
  },
};

describe('switcherValue', () => {
  it('is all without a filter, the one chosen, or nothing for several', () => {
    expect(switcherValue([])).toBe(ALL_ASSIGNEES);
    expect(switcherValue([NOBODY])).toBe(NOBODY);
    expect(switcherValue(['a', 'b'])).toBeUndefined();
  });
});

describe('AssigneeSwitcher', { timeout: 30_000 }, () => {
  it('lists all, me, unassigned and the staff, and sets the assignee filter', async () => {
    const onChange = vi.fn();
    render(
      <MockedProvider mocks={[staff]}>
        <AssigneeSwitcher companyId="acme" meId="me" value={[]} onChange={onChange} />
      </MockedProvider>,
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Assigned to' }));
    await waitFor(() => expect(screen.getByText('Bea Bookkeeper')).toBeTruthy());
    expect(screen.getAllByText('All assignees').length).toBeGreaterThan(0);
    expect(screen.getByText('Me')).toBeTruthy();
    expect(screen.getByText('Unassigned')).toBeTruthy();
    expect(screen.queryByText('Alex Agent')).toBeNull();
    fireEvent.click(screen.getByText('Bea Bookkeeper'));
    expect(onChange).toHaveBeenCalledWith(['u2']);
  });
});
