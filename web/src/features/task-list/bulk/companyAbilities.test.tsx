import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MockLink } from '@apollo/client/testing';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createCache } from '../../../app/apollo/client';
import { INBOX_THREADS } from '../../inbox';
import { useInboxThreads } from '../../inbox';
import { card } from '../../thread';
import { TASKS_TABLE } from '../../tasks';
import { useTasks } from '../../tasks';
import { canBulk } from './bulkOutcome';
import { joinAbilities, joinRuleSets, perCompany, scopeAbilities } from './companyAbilities';

afterEach(cleanup);

const rule = (action: string) => ({ __typename: 'Rule', action, subject: 'Inbox::Task', fields: null, conditions: null, inverted: false });
const ability = (companyId: string, ...actions: string[]) => ({ companyId, rules: actions.map(rule) });
// inboxTasks' companyAbilities: each set of rules once, with its companies
const ruleSet = (companyIds: string[], ...actions: string[]) => ({
  __typename: 'CompanyAbility',
  companyIds,
  rules: actions.map(rule),
});

describe('joinAbilities', () => {
  it('keeps one entry per company, in the order first seen', () => {
    const joined = joinAbilities([ability('acme', 'bulk_assign')], [ability('borealis'), ability('kalev')]);
    expect(joined.map((a) => a.companyId)).toEqual(['acme', 'borealis', 'kalev']);
  });

  it("takes a company's newer rules", () => {
    const joined = joinAbilities(
      [ability('acme', 'bulk_assign'), ability('borealis')],
      [ability('acme', 'bulk_change_status')],
    );
    expect(joined.map((a) => a.companyId)).toEqual(['acme', 'borealis']);
    expect(joined[0]?.rules.map((r) => r.action)).toEqual(['bulk_change_status']);
  });

  it('joins nothing to nothing', () => {
    expect(joinAbilities([], [])).toEqual([]);
  });
});

describe('rule sets', () => {
  it('spread to one entry per company, in order', () => {
    const spread = perCompany([ruleSet(['acme', 'borealis'], 'bulk_assign'), ruleSet(['kalev'])]);
    expect(spread.map((a) => a.companyId)).toEqual(['acme', 'borealis', 'kalev']);
    expect(spread[1]?.rules.map((r) => r.action)).toEqual(['bulk_assign']);
  });

  it("join a next page's sets: each company keeps its newest rules, equal rules share a set", () => {
    const joined = joinRuleSets(
      [ruleSet(['acme', 'borealis'], 'bulk_assign'), ruleSet(['kalev'], 'bulk_change_unread')],
      [ruleSet(['borealis'], 'bulk_change_status'), ruleSet(['tallinn'], 'bulk_assign')],
    );
    expect(joined.map((s) => [s.companyIds, s.rules.map((r) => r.action)])).toEqual([
      [['acme', 'tallinn'], ['bulk_assign']],
      [['borealis'], ['bulk_change_status']],
      [['kalev'], ['bulk_change_unread']],
    ]);
    expect(joined[0]?.__typename).toBe('CompanyAbility');
    expect(perCompany(joined).map((a) => a.companyId)).toEqual(['acme', 'tallinn', 'borealis', 'kalev']);
  });

  it('join nothing to nothing', () => {
    expect(joinRuleSets([], [])).toEqual([]);
  });
});

describe('scopeAbilities', () => {
  const companies = [
    { uuid: 'acme', rules: [rule('bulk_assign')] },
    { uuid: 'borealis', rules: [rule('bulk_change_status')] },
  ];

  it("gives the session's rules of every company of the view", () => {
    expect(scopeAbilities(companies)).toEqual([
      { companyId: 'acme', rules: [rule('bulk_assign')] },
      { companyId: 'borealis', rules: [rule('bulk_change_status')] },
    ]);
    expect(scopeAbilities(companies, [])).toHaveLength(2);
  });

  it('narrows to the company filter', () => {
    expect(scopeAbilities(companies, ['borealis']).map((a) => a.companyId)).toEqual(['borealis']);
  });

  it('decides every matching thread with the companies no loaded row belongs to', () => {
    // the loaded page is Acme's only; Borealis (not loaded) grants the status change
    const known = joinAbilities(scopeAbilities(companies), [{ companyId: 'acme', rules: [rule('bulk_assign')] }]);
    expect(canBulk('status', 'all', known, false)).toBe(true);
    expect(canBulk('status', ['acme'], known, false)).toBe(false);
  });
});

// The lists' fetchMore joins the abilities of every loaded page: each page answers the
// rules of its own rows' companies only.
const stats = {
  __typename: 'InboxStats',
  totalCount: 3,
  unreadCount: 0,
  newCount: 3,
  inProgressCount: 0,
  closedCount: 0,
  deletedCount: 0,
};
const borealisCard = (uuid: string) => card(uuid, { companyId: 'borealis', company: { __typename: 'InboxCompany', uuid: 'borealis', name: 'Borealis AB' } });
const tableRow = (row: ReturnType<typeof card>) => ({
  ...row,
  workflowInstanceId: null,
  externalActions: null,
  workflowParameters: [],
});

function wrapperWith(mocks: ReadonlyArray<MockLink.MockedResponse>) {
  const client = new ApolloClient({ cache: createCache(), link: ApolloLink.from([new MockLink(mocks)]) });
  return ({ children }: { children: ReactNode }) => <ApolloProvider client={client}>{children}</ApolloProvider>;
}

describe('loaded pages', () => {
  it("the inbox list joins the pages' abilities", async () => {
    const vars = { limit: 2 };
    const page = (variables: object, collection: unknown[], abilities: unknown[]) => ({
      request: { query: INBOX_THREADS, variables },
      result: { data: { inboxTasks: { __typename: 'InboxTaskCollection', collection, totalCount: 3, companyAbilities: abilities, inboxStats: stats } } },
    });
    const wrapper = wrapperWith([
      page(vars, [card('a1'), card('a2')], [ruleSet(['acme'], 'bulk_assign')]),
      page({ ...vars, lastId: 'a2' }, [borealisCard('b1')], [ruleSet(['borealis'], 'bulk_change_status')]),
    ]);
    const { result } = renderHook(() => useInboxThreads(vars), { wrapper });
    await waitFor(() => expect(result.current.threads).toHaveLength(2));
    expect(result.current.companyAbilities.map((a) => a.companyId)).toEqual(['acme']);

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.threads).toHaveLength(3));
    expect(result.current.companyAbilities.map((a) => a.companyId)).toEqual(['acme', 'borealis']);
    expect(result.current.companyAbilities[1]?.rules.map((r) => r.action)).toEqual(['bulk_change_status']);
  });

  it("the tasks table joins the pages' abilities", async () => {
    const vars = { limit: 2 };
    const page = (variables: object, collection: unknown[], abilities: unknown[]) => ({
      request: { query: TASKS_TABLE, variables },
      result: { data: { inboxTasks: { __typename: 'InboxTaskCollection', collection, totalCount: 3, companyAbilities: abilities } } },
    });
    const wrapper = wrapperWith([
      page(vars, [tableRow(borealisCard('b1')), tableRow(card('a1'))], [ruleSet(['borealis']), ruleSet(['acme'], 'bulk_assign')]),
      page({ ...vars, lastId: 'a1' }, [tableRow(card('a2'))], [ruleSet(['acme'], 'bulk_change_unread')]),
    ]);
    const { result } = renderHook(() => useTasks(vars), { wrapper });
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    expect(result.current.abilities.map((a) => a.companyId)).toEqual(['borealis', 'acme']);

    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    expect(result.current.abilities.map((a) => a.companyId)).toEqual(['borealis', 'acme']);
    expect(result.current.abilities[1]?.rules.map((r) => r.action)).toEqual(['bulk_change_unread']);
  });
});
