import { describe, expect, it } from 'vitest';
import { badgeValue, changed, tabsFor, triggersFor, typesFor, type SettingValue } from './settings';

const setting = (over: Partial<SettingValue> = {}): SettingValue => ({
  notificationType: 'digest',
  categoryIds: [],
  companyIds: [],
  categoryName: null,
  companyName: null,
  ...over,
});
const names: Record<string, string> = { '1': 'Payroll', '2': 'Accounting', c1: 'Acme Oy' };
const nameOf = (id: string) => names[id];

describe('notification settings', () => {
  it('offers every_day only for due-date approaching and overdue', () => {
    expect(typesFor('threadDueDateOverdue')).toContain('every_day');
    expect(typesFor('threadDueDateApproaching')).toContain('every_day');
    expect(typesFor('newMessageThread')).not.toContain('every_day');
  });

  it('has assignmentChanged only for the staff types', () => {
    expect(triggersFor('customer')).toHaveLength(11);
    expect(triggersFor('customer')).not.toContain('assignmentChanged');
    expect(triggersFor('portico')).toHaveLength(12);
    expect(triggersFor('portico_customers')).toContain('assignmentChanged');
  });

  it('reads all, the one name, or multiple', () => {
    expect(badgeValue(setting(), true, nameOf)).toEqual({ kind: 'all' });
    expect(badgeValue(setting({ categoryIds: ['1'], categoryName: 'Payroll' }), true, nameOf)).toEqual({ kind: 'one', name: 'Payroll' });
    expect(badgeValue(setting({ categoryIds: ['1', '2'] }), true, nameOf)).toEqual({ kind: 'multiple' });
    expect(badgeValue(setting({ companyIds: ['c1'] }), false, nameOf)).toEqual({ kind: 'one', name: 'Acme Oy' });
    expect(badgeValue(setting({ companyIds: ['c1'] }), true, nameOf)).toEqual({ kind: 'all' });
  });

  it('gives staff the my_customers tab only when responsible', () => {
    expect(tabsFor('customer', true)).toEqual(['customer']);
    expect(tabsFor('portico_user', false)).toEqual(['portico']);
    expect(tabsFor('portico_user', true)).toEqual(['portico', 'portico_customers']);
  });

  it('builds the optimistic setting', () => {
    expect(changed(setting(), { notificationType: 'none' }, true, nameOf).notificationType).toBe('none');
    expect(changed(setting(), { ids: ['2'] }, true, nameOf)).toMatchObject({ categoryIds: ['2'], categoryName: 'Accounting' });
    expect(changed(setting(), { ids: ['c1', 'x'] }, false, nameOf)).toMatchObject({ companyIds: ['c1', 'x'], companyName: null });
  });
});
