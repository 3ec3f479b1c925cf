import { describe, expect, it } from 'vitest';
import { bulkOutcome, canBulk, quotedNames } from './bulkOutcome';

const payload = (results: [string, boolean][], extra: Partial<{ transactionsCount: number; taskNames: string[] }> = {}) => ({
  result: results.map(([title, success], i) => ({ taskId: `t${i}`, title, success })),
  transactionsCount: results.filter(([, ok]) => !ok).length,
  taskNames: [],
  success: results.every(([, ok]) => ok),
  errors: [],
  ...extra,
});

describe('bulk outcome', () => {
  it('counts successes and failures', () => {
    expect(bulkOutcome(payload([['A', true], ['B', false]]))).toMatchObject({ succeeded: 1, failed: 1, failedNames: ['B'] });
  });

  it('uses the server names and transaction count', () => {
    const out = bulkOutcome(payload([['A', false]], { transactionsCount: 3, taskNames: ['X', 'Y'] }));
    expect(out.failed).toBe(3);
    expect(out.failedNames).toEqual(['X', 'Y']);
  });

  it('quotes thread names', () => {
    expect(quotedNames(['A', 'B c'])).toBe('"A", "B c"');
  });
});

describe('bulk abilities', () => {
  const abilities = [
    { companyId: 'acme', rules: [{ action: 'bulk_change_status', subject: 'Inbox::Task' }] },
    { companyId: 'borealis', rules: [{ action: 'bulk_change_unread', subject: 'Inbox::Task' }] },
  ];

  it('allow an action when one selected company has it', () => {
    expect(canBulk('status', ['acme', 'borealis'], abilities, false)).toBe(true);
    expect(canBulk('status', ['borealis'], abilities, false)).toBe(false);
    expect(canBulk('read', ['borealis'], abilities, false)).toBe(true);
    expect(canBulk('assign', 'all', abilities, false)).toBe(false);
    expect(canBulk('status', 'all', abilities, false)).toBe(true);
  });

  it('let admins do everything', () => {
    expect(canBulk('assign', ['borealis'], abilities, true)).toBe(true);
  });
});
