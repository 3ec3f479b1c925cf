import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS } from './filterState';
import {
  availableFolders,
  availableTabs,
  readFilters,
  readFolder,
  readTab,
  switchFolder,
  writeFilters,
  writeView,
} from './urlState';

const qs = (s: string) => new URLSearchParams(s);

describe('filters in the address', () => {
  it('read as the defaults from an empty address', () => {
    expect(readFilters(qs(''))).toEqual(DEFAULT_FILTERS);
  });

  it('survive a round trip', () => {
    const filters = {
      ...DEFAULT_FILTERS,
      query: 'payroll',
      responsibleIds: ['nobody'],
      priority: ['high', 'low'] as const,
      statuses: ['completed'] as const,
      dueDateFrom: '2026-01-01',
      flags: ['urgent'] as const,
      workflowIds: ['w1', 'w2'],
      participantIds: ['u1'],
    };
    const params = writeFilters(qs('group=true'), { ...filters, priority: [...filters.priority], statuses: [...filters.statuses], flags: [...filters.flags] });
    expect(params.get('group')).toBe('true');
    expect(params.get('workflows')).toBe('w1,w2');
    expect(params.get('participants')).toBe('u1');
    expect(readFilters(params)).toEqual(filters);
  });

  it('are left out of the address when they equal the defaults', () => {
    const params = writeFilters(
      qs('priority=high&q=x&flags=urgent&workflows=w1&participants=u1&all_companies=true'),
      DEFAULT_FILTERS,
    );
    expect(params.toString()).toBe('all_companies=true');
  });

  it('drop unknown values', () => {
    const f = readFilters(qs('priority=high,bogus&status=weird&due_from=yesterday&flags=urgent,nope'));
    expect(f.priority).toEqual(['high']);
    expect(f.statuses).toEqual([]);
    expect(f.dueDateFrom).toBeNull();
    expect(f.flags).toEqual(['urgent']);
  });
});

describe('folder and tab in the address', () => {
  const staff = { staff: true, responsible: true, companySelected: false };

  it('fall back to inbox and all for unknown values', () => {
    expect(readFolder(qs('folder=nope'), { admin: false })).toBe('inbox');
    expect(readTab(qs('filter=nope'), staff)).toBe('all');
  });

  it('keep the bin for admins only', () => {
    expect(readFolder(qs('folder=bin'), { admin: false })).toBe('inbox');
    expect(readFolder(qs('folder=bin'), { admin: true })).toBe('bin');
    expect(availableFolders({ admin: false, searching: false })).toEqual(['inbox', 'unread', 'new', 'inProgress', 'closed']);
  });

  it('show search results only while searching', () => {
    expect(readFolder(qs('q=tax'), { admin: false })).toBe('search');
    expect(readFolder(qs('folder=search'), { admin: false })).toBe('inbox');
    expect(availableFolders({ admin: true, searching: true })[0]).toBe('search');
  });

  it('offer my_customers only to responsible staff without a company, todo only to customers', () => {
    expect(availableTabs(staff)).toEqual(['all', 'assigned_to_me', 'my_customers']);
    expect(availableTabs({ ...staff, companySelected: true })).toEqual(['all', 'assigned_to_me']);
    expect(availableTabs({ ...staff, responsible: false })).toEqual(['all', 'assigned_to_me']);
    expect(availableTabs({ staff: false, responsible: false, companySelected: true })).toEqual(['all', 'todo']);
    expect(readTab(qs('filter=todo'), staff)).toBe('all');
    expect(readTab(qs('filter=my_customers'), { ...staff, companySelected: true })).toBe('all');
  });

  it('write defaults as nothing and reset the filters on a folder switch', () => {
    expect(writeView(qs('folder=closed&filter=todo'), { folder: 'inbox', tab: 'all' }).toString()).toBe('');
    const next = switchFolder(qs('q=x&priority=high&filter=assigned_to_me&group=true'), 'closed');
    expect(next.get('folder')).toBe('closed');
    expect(next.get('filter')).toBe('assigned_to_me');
    expect(next.get('group')).toBe('true');
    expect(next.has('q')).toBe(false);
    expect(next.has('priority')).toBe(false);
  });
});
