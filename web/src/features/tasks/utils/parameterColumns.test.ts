import { describe, expect, it } from 'vitest';
import { parameterColumns, parameterText } from './parameterColumns';

const row = (uuid: string, params: { key: string; label: string; value: unknown }[] | null) => ({
  uuid,
  workflowParameters: params,
});

describe('parameterColumns', () => {
  it('makes one column per distinct key among the rows, in first-seen order', () => {
    const rows = [
      row('a', [
        { key: 'period', label: 'Period', value: '2026-10' },
        { key: 'country', label: 'Country', value: 'fi' },
      ]),
      row('b', null),
      row('c', [
        { key: 'country', label: 'Maa', value: 'se' },
        { key: 'batch', label: '', value: 3 },
      ]),
    ];
    expect(parameterColumns(rows)).toEqual([
      { key: 'period', label: 'Period' },
      { key: 'country', label: 'Country' },
      { key: 'batch', label: 'batch' },
    ]);
  });

  it('has no columns when no row has parameters', () => {
    expect(parameterColumns([row('a', []), row('b', null)])).toEqual([]);
  });

  it('shows each row its own value, or nothing', () => {
    const r = row('c', [
      { key: 'batch', label: 'Batch', value: 3 },
      { key: 'flags', label: 'Flags', value: ['x'] },
    ]);
    expect(parameterText(r, 'batch')).toBe('3');
    expect(parameterText(r, 'flags')).toBe('["x"]');
    expect(parameterText(r, 'period')).toBe('');
  });
});
