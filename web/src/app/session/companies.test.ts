import { describe, expect, it } from 'vitest';
import { ACME, BOREALIS, company, customer, group } from '../../test/fixtures';
import { defaultCompany, sortCompanies, sortGroups } from './companies';

const names = (list: readonly { name: string }[]) => list.map((c) => c.name);

describe('sortCompanies', () => {
  const zeta = company('zeta', 'Zeta Oy');
  const alpha = company('alpha', 'alpha Ab');
  const beta = company('beta', 'Beta AS');

  it('sorts by name, ignoring case', () => {
    expect(names(sortCompanies([zeta, beta, alpha]))).toEqual(['alpha Ab', 'Beta AS', 'Zeta Oy']);
  });

  it('puts favourites first, then by name', () => {
    const fav = company('fav', 'Yellow Oy', { favorite: true });
    expect(names(sortCompanies([zeta, beta, fav, alpha]))).toEqual(['Yellow Oy', 'alpha Ab', 'Beta AS', 'Zeta Oy']);
  });

  it('treats the favourites list of init.json as favourites too', () => {
    expect(names(sortCompanies([alpha, beta, zeta], ['zeta', 'beta']))).toEqual(['Beta AS', 'Zeta Oy', 'alpha Ab']);
  });

  it('sorts numbers inside names naturally and leaves the input alone', () => {
    const input = [company('c10', 'Client 10'), company('c2', 'Client 2')];
    expect(names(sortCompanies(input))).toEqual(['Client 2', 'Client 10']);
    expect(names(input)).toEqual(['Client 10', 'Client 2']);
  });
});

describe('sortGroups', () => {
  it('puts favourite groups first, then by name', () => {
    const groups = [group('b', 'Baltic'), group('n', 'Nordic', { favorite: true }), group('a', 'Alpine')];
    expect(names(sortGroups(groups))).toEqual(['Nordic', 'Alpine', 'Baltic']);
  });
});

describe('defaultCompany', () => {
  it('takes the remembered company when the user still has it', () => {
    expect(defaultCompany(customer({ companies: [ACME, BOREALIS] }), 'borealis')?.uuid).toBe('borealis');
  });

  it('takes the first company in switcher order otherwise', () => {
    expect(defaultCompany(customer({ companies: [BOREALIS, ACME] }), 'gone')?.uuid).toBe('acme');
  });

  it('prefers a company with categories', () => {
    const empty = company('aaa', 'Aaa Oy', { categories: [] });
    expect(defaultCompany(customer({ companies: [empty, BOREALIS] }), null)?.uuid).toBe('borealis');
  });

  it('has none for a user without companies', () => {
    expect(defaultCompany(customer({ companies: [] }), null)).toBeUndefined();
  });
});
