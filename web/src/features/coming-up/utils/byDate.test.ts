import { describe, expect, it } from 'vitest';
import { byDate, severalCompanies } from './byDate';

describe('Coming up by date', () => {
  it('groups the items of one date, keeping their order', () => {
    const items = [
      { date: '2026-12-31', title: 'a' },
      { date: '2026-12-31', title: 'b' },
      { date: '2027-01-29', title: 'c' },
    ];
    expect(byDate(items)).toEqual([
      { date: '2026-12-31', items: [items[0], items[1]] },
      { date: '2027-01-29', items: [items[2]] },
    ]);
    expect(byDate([])).toEqual([]);
  });

  it('tells when the items come from several companies', () => {
    const acme = { company: { uuid: 'acme' } };
    expect(severalCompanies([acme, acme])).toBe(false);
    expect(severalCompanies([acme, { company: { uuid: 'borealis' } }])).toBe(true);
    expect(severalCompanies([])).toBe(false);
  });
});
