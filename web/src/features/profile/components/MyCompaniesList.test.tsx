import { ApolloClient, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MockLink } from '@apollo/client/testing';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../app/i18n/i18n';
import { installIntersectionObserver, removeIntersectionObserver, scrollIntoView } from '../../../test/intersection';
import { MY_COMPANIES } from '../graphql/myCompanies';
import { MY_COMPANIES_PAGE_SIZE, MyCompaniesList } from './MyCompaniesList';

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces(['profile']);
});
beforeEach(installIntersectionObserver);
afterEach(() => {
  cleanup();
  removeIntersectionObserver();
});

// Two full pages and a short third (issue 14: scrolling through MyProfile's company pages).
const TOTAL = 2 * MY_COMPANIES_PAGE_SIZE + 5;
const company = (n: number) => ({
  __typename: 'Company' as const,
  uuid: `c${n}`,
  name: `Company ${String(n).padStart(2, '0')}`,
  businessId: null,
  activeCompanyDomains: [],
  categories: [],
});
const page = (n: number) => {
  const first = (n - 1) * MY_COMPANIES_PAGE_SIZE + 1;
  const last = Math.min(n * MY_COMPANIES_PAGE_SIZE, TOTAL);
  return {
    request: { query: MY_COMPANIES, variables: { page: n, limit: MY_COMPANIES_PAGE_SIZE } },
    result: {
      data: {
        companies: {
          __typename: 'CompanyCollection',
          totalCount: TOTAL,
          collection: Array.from({ length: last - first + 1 }, (_, i) => company(first + i)),
        },
      },
    },
  };
};

function renderList() {
  const client = new ApolloClient({ cache: new InMemoryCache(), link: new MockLink([page(1), page(2), page(3)]) });
  render(
    <ApolloProvider client={client}>
      <MyCompaniesList link={(c) => <span>{c.name}</span>} />
    </ApolloProvider>,
  );
}

const shownCompanies = () => screen.queryAllByText(/^Company \d+$/).length;

describe('MyCompaniesList', () => {
  it('scrolls through every page of companies, a page each time its end comes into view', async () => {
    renderList();
    expect(await screen.findByText('Company 30')).toBeTruthy();
    expect(shownCompanies()).toBe(MY_COMPANIES_PAGE_SIZE);
    expect(screen.getByRole('button', { name: `Show more (${TOTAL - MY_COMPANIES_PAGE_SIZE})` })).toBeTruthy();

    act(() => {
      expect(scrollIntoView(screen.getByTestId('list-end'))).toBe(1);
    });
    expect(screen.getByText('Loading more…').closest('[role="status"]')).toBeTruthy();
    expect(await screen.findByText('Company 60')).toBeTruthy();
    expect(shownCompanies()).toBe(2 * MY_COMPANIES_PAGE_SIZE);
    // The end is watched afresh after each page: scrolling on loads the short last page.
    act(() => {
      expect(scrollIntoView(screen.getByTestId('list-end'))).toBe(1);
    });
    expect(await screen.findByText(`Company ${TOTAL}`)).toBeTruthy();
    expect(shownCompanies()).toBe(TOTAL);
    // in order, none twice
    const names = screen.queryAllByText(/^Company \d+$/).map((e) => e.textContent);
    expect(names).toEqual(Array.from({ length: TOTAL }, (_, i) => `Company ${String(i + 1).padStart(2, '0')}`));
    expect(screen.getByText(`All ${TOTAL} shown`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Show more/ })).toBeNull();
    expect(scrollIntoView(screen.getByTestId('list-end'))).toBe(0);
  });

  it('loads the next page with the button too (keyboards, browsers without an observer)', async () => {
    removeIntersectionObserver();
    renderList();
    expect(await screen.findByText('Company 30')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `Show more (${TOTAL - MY_COMPANIES_PAGE_SIZE})` }));
    expect(await screen.findByText('Company 60')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show more (5)' }));
    expect(await screen.findByText(`Company ${TOTAL}`)).toBeTruthy();
    expect(shownCompanies()).toBe(TOTAL);
  });
});
