import { ApolloClient, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MockLink } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import { dialogWith } from '../../../test/dialogs';
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
describe('PorticoMembershipModal', () => {
  it.each([
    ['Make admin', 'admin', 'Admin'],
    ['Cancel', 'user', 'User'],
  ])('asks before making the agent a company admin; answered %s, it saves the role %s', async (answer, role, shown) => {
    const onSaved = renderModal([saved(role)]);
    const box = editor();
    fireEvent.click(within(box).getByRole('radio', { name: 'Admin' }));
    const asked = await dialogWith('Make this user a company admin?');
    expect((within(box).getByRole('radio', { name: 'User' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(asked).getByRole('button', { name: answer }));
    await waitFor(() => expect((within(box).getByRole('radio', { name: shown }) as HTMLInputElement).checked).toBe(true));
    fireEvent.click(within(box).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });
});
