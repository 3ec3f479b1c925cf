import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS } from './filterState';
import {
  availableFolders,
  availableTabs,
  parseFilters,
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
    expect(JSON.parse(params.get('search_filters') ?? '')).toEqual({
      query: 'payroll',
      responsibleIds: ['nobody'],
      priority: ['high', 'low'],
      statuses: ['completed'],
      dueDateFrom: '2026-01-01',
      flags: ['urgent'],
      workflowIds: ['w1', 'w2'],
      participantIds: ['u1'],
    });
    expect(readFilters(params)).toEqual(filters);
  });

  it('are left out of the address when they equal the defaults', () => {
    const params = writeFilters(
      qs(`search_filters=${encodeURIComponent('{"query":"x","priority":["high"]}')}&all_companies=true`),
      DEFAULT_FILTERS,
    );
    expect(params.toString()).toBe('all_companies=true');
  });

  it('drop unknown keys and values, and values of the wrong kind', () => {
    const f = parseFilters(
      JSON.stringify({
        priority: ['high', 'bogus'],
        statuses: 'completed',
        dueDateFrom: 'yesterday',
        dueDateTo: 20260101,
        flags: ['urgent', 'nope', 3],
        responsibleIds: ['u1', null, '  '],
        query: ['x'],
        colour: 'red',
      }),
    );
    expect(f).toEqual({ ...DEFAULT_FILTERS, priority: ['high'], flags: ['urgent'], responsibleIds: ['u1'] });
  });

  it('read malformed or non-object JSON as the defaults', () => {
    for (const text of ['{', 'null', '[1,2]', '"text"', '42', '', 'priority=high']) {
      expect(parseFilters(text)).toEqual(DEFAULT_FILTERS);
    }
    expect(readFilters(qs('search_filters=%7Bnot%20json'))).toEqual(DEFAULT_FILTERS);
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
    expect(readFolder(qs(`search_filters=${encodeURIComponent('{"query":"tax"}')}`), { admin: false })).toBe('search');
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
    const next = switchFolder(qs(`search_filters=${encodeURIComponent('{"query":"x"}')}&filter=assigned_to_me&group=true`), 'closed');
    expect(next.get('folder')).toBe('closed');
    expect(next.get('filter')).toBe('assigned_to_me');
    expect(next.get('group')).toBe('true');
    expect(next.has('search_filters')).toBe(false);
  });
});
