import { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MockLink } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCache } from '../../../app/apollo/client';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import type { InitData } from '../../../app/session/types';
import { initData, user } from '../../../test/fixtures';
import { COMPANY_USER } from '../graphql/customerUsers';
import { PORTICO_USER } from '../graphql/porticoUsers';
import { CustomerMembershipsTable, StaffMembershipsTable } from './MembershipsTable';

const session = vi.hoisted(() => ({ init: null as InitData | null }));
vi.mock('../../../app/session/SessionProvider', () => ({ useInit: () => session.init }));

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['people', 'common']);
});
afterEach(cleanup);

const acme = { __typename: 'CompanyLink' as const, uuid: 'acme', name: 'Acme Oy', businessId: '1234567-8', active: true };
const payroll = { __typename: 'Category' as const, id: '2', name: 'Payroll' };

function renderWith(init: InitData, mocks: MockLink.MockedResponse[], table: ReactNode) {
  session.init = init;
  const client = new ApolloClient({ cache: createCache(), link: new MockLink(mocks) });
  render(
    <ApolloProvider client={client}>
      <App>
        <MemoryRouter>{table}</MemoryRouter>
      </App>
    </ApolloProvider>,
  );
}

const carl = (manageable: boolean) => ({
  request: { query: COMPANY_USER, variables: { id: 'carl' } },
  result: {
    data: {
      companyUser: {
        __typename: 'User',
        uuid: 'carl',
        name: 'Carl Acme',
        email: 'carl@acme.test',
        phone: null,
        active: true,
        companyUsers: [
          {
            __typename: 'CompanyUser',
            uuid: 'cu-carl',
            userId: 'carl',
            name: 'Carl Acme',
            email: 'carl@acme.test',
            phone: null,
            active: true,
            jobTitle: 'Payroll clerk',
            admin: false,
            role: 'user',
            noCategories: false,
            canUpdate: manageable,
            canDestroy: manageable,
            company: acme,
            categories: [payroll],
          },
        ],
      },
    },
  },
});

describe('memberships tables', { timeout: 60_000 }, () => {
  it("shows a customer user's companies with business id, job title and categories, and a customer admin's actions", async () => {
    renderWith(initData({ user: user({ uuid: 'anna' }) }), [carl(true)], <CustomerMembershipsTable userId="carl" label="Companies" />);
    const table = await screen.findByRole('table', { name: 'Companies' });
    await within(table).findByText('Payroll clerk');
    const row = within(table).getByRole('link', { name: 'Acme Oy' }).closest('tr')!;
    // customers open their own company's profile
    expect(within(row).getByRole('link', { name: 'Acme Oy' }).getAttribute('href')).toBe('/acme/company-profile');
    for (const text of ['1234567-8', 'Payroll clerk', 'Payroll']) expect(within(row).getByText(text)).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Actions for Acme Oy' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Edit categories',
      'Edit title and role',
      'Deactivate',
    ]);
  });

  it('gives a customer user no action on a colleague', async () => {
    renderWith(initData({ user: user({ uuid: 'eve' }) }), [carl(false)], <CustomerMembershipsTable userId="carl" label="Companies" />);
    const table = await screen.findByRole('table', { name: 'Companies' });
    expect(await within(table).findByText('Payroll clerk')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /^Actions for/ })).toBeNull();
  });

  it("shows a provider user's roles in each company, linked to its customer info, and a retry when loading fails", async () => {
    const agent = {
      request: { query: PORTICO_USER, variables: { id: 'alex' } },
      result: {
        data: {
          porticoUser: {
            __typename: 'User',
            uuid: 'alex',
            name: 'Alex Agent',
            email: 'agent@portico.test',
            phone: null,
            active: true,
            userRole: 'user',
            porticoUsers: [
              {
                __typename: 'PorticoUser',
                uuid: 'pu-alex',
                role: 'admin',
                active: true,
                responsible: true,
                canUpdate: false,
                canDestroy: false,
                company: acme,
                companyRoles: [{ __typename: 'GlobalRole', id: '1', name: 'Accountant' }],
                categories: [payroll],
              },
            ],
          },
        },
      },
    };
    const staff = initData({ user: user({ uuid: 'aaro', userType: 'portico_user' }) });
    renderWith(staff, [{ request: agent.request, error: new Error('offline') }, agent], <StaffMembershipsTable userId="alex" label="Companies" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    const table = await screen.findByRole('table', { name: 'Companies' });
    // the columns from md up come once antd knows the breakpoint
    await within(table).findByText('Accountant');
    const link = within(table).getByRole('link', { name: 'Acme Oy' });
    expect(link.getAttribute('href')).toBe('/acme/customer-info');
    const row = link.closest('tr')!;
    for (const text of ['1234567-8', 'Accountant', 'Payroll', 'Admin']) expect(within(row).getByText(text)).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /^Actions for/ })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });
});
