import { describe, expect, it } from 'vitest';
import { clearStoredFilters, loadStoredFilters, storeFilters, type FilterStorages } from './storedFilters';

function memory(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
  };
}

const fresh = (): FilterStorages & { session: Storage; local: Storage } => ({ session: memory(), local: memory() });

const blocked: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
};

describe('stored list filters', () => {
  it('are this tab’s first, else the last of any tab, else none', () => {
    const s = fresh();
    expect(loadStoredFilters('inbox', s)).toBeNull();
    s.local.setItem('portico.search_filters.inbox', '{"query":"old"}');
    expect(loadStoredFilters('inbox', s)).toBe('{"query":"old"}');
    s.session.setItem('portico.search_filters.inbox', '{}');
    expect(loadStoredFilters('inbox', s)).toBe('{}');
  });

  it('are written to both storages, per list', () => {
    const s = fresh();
    storeFilters('tasks', '{"flags":["urgent"]}', s);
    expect(s.session.getItem('portico.search_filters.tasks')).toBe('{"flags":["urgent"]}');
    expect(s.local.getItem('portico.search_filters.tasks')).toBe('{"flags":["urgent"]}');
    expect(loadStoredFilters('inbox', s)).toBeNull();
  });

  it('are cleared for every list, leaving other keys alone', () => {
    const s = fresh();
    storeFilters('tasks', '{"query":"a"}', s);
    storeFilters('inbox', '{"query":"b"}', s);
    s.local.setItem('portico.category_ids', '["c1"]');
    clearStoredFilters(s);
    expect(loadStoredFilters('tasks', s)).toBeNull();
    expect(loadStoredFilters('inbox', s)).toBeNull();
    expect(s.local.getItem('portico.category_ids')).toBe('["c1"]');
  });

  it('never throw when storage is blocked or missing', () => {
    const s = { session: blocked, local: blocked };
    expect(loadStoredFilters('inbox', s)).toBeNull();
    expect(() => storeFilters('inbox', '{}', s)).not.toThrow();
    expect(() => clearStoredFilters(s)).not.toThrow();
    const local = memory();
    local.setItem('portico.search_filters.inbox', '{"query":"x"}');
    expect(loadStoredFilters('inbox', { session: blocked, local })).toBe('{"query":"x"}');
    expect(loadStoredFilters('inbox', { session: undefined, local: undefined })).toBeNull();
  });
});
