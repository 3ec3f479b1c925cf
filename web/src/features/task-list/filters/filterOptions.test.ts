import { describe, expect, it } from 'vitest';
import { ACCOUNTING, PAYROLL, company } from '../../../test/fixtures';
import {
  MAX_PARTICIPANT_PAIRS,
  nextPage,
  participantOptions,
  participantPairs,
  peopleSearchReady,
  rememberLabels,
  scopeCompanyIds,
  withChosen,
  workflowOptions,
} from './filterOptions';

const none = { company: undefined, companyGroup: undefined };

describe('the companies the workflow and participant pickers ask about', () => {
  it('are the selected company, whatever was chosen', () => {
    expect(scopeCompanyIds({ ...none, company: { uuid: 'acme' } }, ['borealis'])).toEqual(['acme']);
  });

  it('are the chosen companies, else the group with its mother company', () => {
    const companyGroup = { companyIds: ['borealis', 'acme'], motherCompanyId: 'acme' };
    expect(scopeCompanyIds({ ...none, companyGroup }, ['borealis'])).toEqual(['borealis']);
    expect(scopeCompanyIds({ ...none, companyGroup }, [])).toEqual(['acme', 'borealis']);
  });

  it('are every company (null) in the all-companies view without a choice', () => {
    expect(scopeCompanyIds(none, [])).toBeNull();
    expect(scopeCompanyIds(none, ['kalev'])).toEqual(['kalev']);
  });
});

describe('the workflow options', () => {
  it('list a workflow used by several companies once', () => {
    const rows = [
      { workflow: { uuid: 'w1', name: 'Month-end closing' } },
      { workflow: { uuid: 'w2', name: 'Payroll run' } },
      { workflow: { uuid: 'w1', name: 'Month-end closing' } },
    ];
    expect(workflowOptions(rows)).toEqual([
      { value: 'w1', label: 'Month-end closing' },
      { value: 'w2', label: 'Payroll run' },
    ]);
  });

  it('page by 30 until every row is loaded', () => {
    expect(nextPage(30, 75)).toBe(2);
    expect(nextPage(60, 75)).toBe(3);
    expect(nextPage(75, 75)).toBeNull();
    expect(nextPage(0, 0)).toBeNull();
  });
});

describe('the participant options', () => {
  const acme = company('acme', 'Acme Oy');
  const borealis = company('borealis', 'Borealis AB', { categories: [ACCOUNTING] });

  it('ask users for each company in scope and category', () => {
    expect(participantPairs([acme, borealis], ['acme'], [])).toEqual([
      { companyId: 'acme', categoryId: ACCOUNTING.id },
      { companyId: 'acme', categoryId: PAYROLL.id },
    ]);
    expect(participantPairs([acme, borealis], ['acme', 'borealis'], [ACCOUNTING.id])).toEqual([
      { companyId: 'acme', categoryId: ACCOUNTING.id },
      { companyId: 'borealis', categoryId: ACCOUNTING.id },
    ]);
  });

  it('ask nothing for every company or for too many pairs', () => {
    expect(participantPairs([acme, borealis], null, [])).toEqual([]);
    const many = Array.from({ length: MAX_PARTICIPANT_PAIRS }, (_, i) => company(`c${i}`, `C${i}`));
    expect(participantPairs(many, many.map((c) => c.uuid), [])).toEqual([]);
  });

  it('let customers search from 4 characters, staff at once', () => {
    expect(peopleSearchReady(true, '')).toBe(true);
    expect(peopleSearchReady(false, 'ann')).toBe(false);
    expect(peopleSearchReady(false, ' anna ')).toBe(true);
  });

  it('put me first, then everyone once by name, narrowed by the search', () => {
    const me = { value: 'me', label: 'Me' };
    const found = [
      { value: 'u2', label: 'Carl Acme' },
      { value: 'me', label: 'Anna Acme' },
    ];
    const seen = [
      { value: 'u1', label: 'Alex Agent' },
      { value: 'u2', label: 'Carl Acme' },
    ];
    expect(participantOptions(me, [found, seen], '')).toEqual([
      me,
      { value: 'u1', label: 'Alex Agent' },
      { value: 'u2', label: 'Carl Acme' },
    ]);
    expect(participantOptions(me, [found, seen], 'car')).toEqual([{ value: 'u2', label: 'Carl Acme' }]);
  });
});

describe('a chosen value the answer lacks', () => {
  it('keeps the name seen before, or the fallback', () => {
    rememberLabels([{ value: 'w9', label: 'Year-end' }]);
    expect(withChosen([{ value: 'w1', label: 'A' }], ['w1', 'w9', 'w404'], 'Chosen workflow')).toEqual([
      { value: 'w1', label: 'A' },
      { value: 'w9', label: 'Year-end' },
      { value: 'w404', label: 'Chosen workflow' },
    ]);
  });
});
