import { describe, expect, it } from 'vitest';
import { can, canInCompany } from './abilities';

describe('can', () => {
  it('grants an action listed in a rule', () => {
    expect(can([{ action: 'save_sso', subject: 'Company' }], 'save_sso')).toBe(true);
    expect(can([{ action: ['create', 'update'], subject: 'InboxTask' }], 'update', 'InboxTask')).toBe(true);
  });

  it('denies what no rule grants', () => {
    expect(can([], 'save_sso')).toBe(false);
    expect(can([{ action: 'create', subject: 'InboxTask' }], 'create', 'Company')).toBe(false);
  });

  it('understands manage and all', () => {
    expect(can([{ action: 'manage', subject: 'all' }], 'destroy', 'InboxTask')).toBe(true);
  });

  it('lets a later inverted rule deny', () => {
    const rules = [
      { action: 'manage', subject: 'all' },
      { action: 'destroy', subject: 'InboxTask', inverted: true },
    ];
    expect(can(rules, 'destroy', 'InboxTask')).toBe(false);
    expect(can(rules, 'update', 'InboxTask')).toBe(true);
  });
});

describe('canInCompany', () => {
  it('lets admin users pass every check', () => {
    expect(canInCompany({ userRole: 'admin' }, undefined, 'save_sso')).toBe(true);
  });

  it('checks the company rules for everyone else', () => {
    expect(canInCompany({ userRole: 'user' }, { rules: [{ action: 'save_sso', subject: 'Company' }] }, 'save_sso')).toBe(true);
    expect(canInCompany({ userRole: 'user' }, { rules: [] }, 'save_sso')).toBe(false);
    expect(canInCompany({ userRole: 'user' }, undefined, 'save_sso')).toBe(false);
  });
});
