import { ApolloClient, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MockLink } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import type { PorticoUserFieldsFragment } from '../../../gql/graphql';
import { ACME, initData, user } from '../../../test/fixtures';
import { GLOBAL_ROLES, UPDATE_PORTICO_USER } from '../graphql/porticoUsers';
import { PorticoMembershipModal } from './PorticoMembershipModal';

vi.mock('../../../app/session/SessionProvider', () => ({
  useInit: () => initData({ user: user({ uuid: 'admin', userType: 'portico_user', userRole: 'admin' }), companies: [ACME] }),
}));

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['people']);
});
afterEach(cleanup);

const membership = {
  uuid: 'pu1',
  role: 'user',
  active: true,
  responsible: false,
  canUpdate: true,
  canDestroy: true,
  company: { uuid: ACME.uuid, name: ACME.name, active: true },
  companyRoles: [],
  categories: [],
};
const agent: PorticoUserFieldsFragment = {
  uuid: 'u1',
  name: 'Alex Agent',
  email: 'alex@portico.test',
  phone: null,
  active: true,
  userRole: 'user',
  porticoUsers: [membership],
} as PorticoUserFieldsFragment;

const saved = (role: string): MockLink.MockedResponse => ({
  request: {
    query: UPDATE_PORTICO_USER,
    variables: { role, categoryIds: [], companyRoleIds: [], porticoUserId: 'pu1', companyId: ACME.uuid },
  },
  result: { data: { updatePorticoUser: { user: { ...agent, porticoUsers: [{ ...membership, role }] }, errors: [] } } },
});

function renderModal(mocks: MockLink.MockedResponse[]) {
  const onSaved = vi.fn();
  const client = new ApolloClient({
    cache: new InMemoryCache(),
    link: new MockLink([{ request: { query: GLOBAL_ROLES }, result: { data: { globalRoles: [] } } }, ...mocks]),
  });
  render(
    <ApolloProvider client={client}>
      <App>
        <PorticoMembershipModal user={agent} membership={agent.porticoUsers?.[0]} onClose={() => {}} onSaved={onSaved} />
      </App>
    </ApolloProvider>,
  );
  return onSaved;
}

const editor = () => screen.getByRole('dialog', { name: 'Alex Agent in Acme Oy' });
/** The admin confirmation, over the editor (in tests every antd dialog is labelled by the first one's title). */
const confirmation = () =>
  waitFor(() => {
    const asked = screen.getAllByRole('dialog').find((d) => within(d).queryAllByText('Make this user a company admin?').length > 0);
    expect(asked).toBeTruthy();
    return asked as HTMLElement;
  });

describe('PorticoMembershipModal', () => {
  it('saves the agent as a company admin once that is confirmed', async () => {
    const onSaved = renderModal([saved('admin')]);
    const box = editor();
    fireEvent.click(within(box).getByRole('radio', { name: 'Admin' }));
    const asked = await confirmation();
    fireEvent.click(within(asked).getByRole('button', { name: 'Make admin' }));
    await waitFor(() => expect((within(box).getByRole('radio', { name: 'Admin' }) as HTMLInputElement).checked).toBe(true));
    fireEvent.click(within(box).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('saves the role unchanged when the confirmation is cancelled', async () => {
    const onSaved = renderModal([saved('user')]);
    const box = editor();
    fireEvent.click(within(box).getByRole('radio', { name: 'Admin' }));
    const asked = await confirmation();
    fireEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
    expect((within(box).getByRole('radio', { name: 'User' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(box).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });
});
