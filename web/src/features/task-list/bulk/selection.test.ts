import { describe, expect, it } from 'vitest';
import {
  EMPTY_SELECTION,
  MAX_SELECTION,
  headerCheck,
  isSelected,
  selectAllMatching,
  selectVisible,
  selectedCompanyIds,
  selectedCount,
  selectionIn,
  toggleOne,
} from './selection';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);

describe('selection', () => {
  it('ticks and unticks single threads', () => {
    let s = toggleOne(EMPTY_SELECTION, 'a', ['a', 'b']);
    s = toggleOne(s, 'b', ['a', 'b']);
    expect(selectedCount(s, 2)).toBe(2);
    s = toggleOne(s, 'a', ['a', 'b']);
    expect(isSelected(s, 'a')).toBe(false);
    expect(isSelected(s, 'b')).toBe(true);
  });

  it('selects the visible threads up to the maximum', () => {
    const s = selectVisible(ids(1500));
    expect(selectedCount(s, 5000)).toBe(MAX_SELECTION);
    expect(toggleOne(s, 'new', [])).toBe(s);
  });

  it('counts all matching as the smaller of the total and the maximum', () => {
    const s = selectAllMatching();
    expect(selectedCount(s, 42)).toBe(42);
    expect(selectedCount(s, 5000)).toBe(1000);
    expect(isSelected(s, 'anything')).toBe(true);
  });

  it('leaves all-matching mode for the loaded threads when one is unticked', () => {
    const s = toggleOne(selectAllMatching(), 'b', ['a', 'b', 'c']);
    expect(s).toEqual({ mode: 'ids', ids: ['a', 'c'] });
  });

  it('shows the header checkbox as none, some or all', () => {
    expect(headerCheck(EMPTY_SELECTION, ['a'])).toBe('none');
    expect(headerCheck({ mode: 'ids', ids: ['a'] }, ['a', 'b'])).toBe('some');
    expect(headerCheck({ mode: 'ids', ids: ['a', 'b'] }, ['a', 'b'])).toBe('all');
    expect(headerCheck(selectAllMatching(), [])).toBe('all');
  });

  it('is cleared when the view changes', () => {
    const scoped = { key: 'acme|inbox|all|{}', selection: selectVisible(['a']) };
    expect(selectionIn(scoped, 'acme|inbox|all|{}')).toEqual(selectVisible(['a']));
    expect(selectionIn(scoped, 'acme|closed|all|{}')).toBe(EMPTY_SELECTION);
  });

  it('names the companies of the selected threads', () => {
    const threads = [
      { uuid: 'a', companyId: 'acme' },
      { uuid: 'b', companyId: 'borealis' },
      { uuid: 'c', companyId: 'acme' },
    ];
    expect(selectedCompanyIds({ mode: 'ids', ids: ['a', 'c'] }, threads)).toEqual(['acme']);
    expect(selectedCompanyIds(selectAllMatching(), threads)).toEqual(['acme', 'borealis']);
  });
});
