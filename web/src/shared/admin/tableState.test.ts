import { describe, expect, it } from 'vitest';
import { isFiltered, lastPage, readTableState, tableParam, writeTableState } from './tableState';

const defaults = { search: '', draft: false, tagIds: [] as readonly string[] };

describe('an admin list in the address', () => {
  it('keeps only what differs from the defaults, under table_<name>', () => {
    const params = writeTableState(new URLSearchParams('tab=drafts'), 'workflows', {
      filters: { search: ' pay ', draft: false, tagIds: ['a', 'b'] },
      page: 3,
    }, defaults);
    expect(params.get('tab')).toBe('drafts');
    expect(JSON.parse(params.get(tableParam('workflows')) ?? '')).toEqual({ search: 'pay', tagIds: ['a', 'b'], page: 3 });
    expect(readTableState(params, 'workflows', defaults)).toEqual({
      filters: { search: 'pay', draft: false, tagIds: ['a', 'b'] },
      page: 3,
    });
  });

  it('drops the parameter when the list is back at its defaults', () => {
    const params = new URLSearchParams('table_workflows=%7B%22search%22%3A%22x%22%7D&other=1');
    const next = writeTableState(params, 'workflows', { filters: { ...defaults, search: '  ' }, page: 1 }, defaults);
    expect(next.has('table_workflows')).toBe(false);
    expect(next.get('other')).toBe('1');
  });

  it('reads a broken or foreign value as the defaults', () => {
    for (const raw of ['not json', '[1,2]', '{"search":5,"tagIds":"a","page":-2,"unknown":1}', '{"page":1.5}']) {
      const params = new URLSearchParams({ table_workflows: raw });
      expect(readTableState(params, 'workflows', defaults)).toEqual({ filters: defaults, page: 1 });
    }
  });

  it('keeps lists apart', () => {
    const params = writeTableState(new URLSearchParams(), 'workflows_drafts', { filters: { ...defaults, search: 'a' }, page: 1 }, defaults);
    expect(readTableState(params, 'workflows_global_workflows', defaults).filters.search).toBe('');
  });

  it('tells a filtered list from the default one', () => {
    expect(isFiltered(defaults, defaults)).toBe(false);
    expect(isFiltered({ ...defaults, tagIds: ['x'] }, defaults)).toBe(true);
    expect(isFiltered({ ...defaults, tagIds: [] }, defaults)).toBe(false);
  });

  it('knows the last page', () => {
    expect(lastPage(0, 10)).toBe(1);
    expect(lastPage(10, 10)).toBe(1);
    expect(lastPage(11, 10)).toBe(2);
  });
});
