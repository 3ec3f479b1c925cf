import { describe, expect, it } from 'vitest';
import { commonCountries } from './commonCountries';

const fi = { id: '1', name: 'Finland' };
const se = { id: '2', name: 'Sweden' };
const ee = { id: '3', name: 'Estonia' };

describe('commonCountries', () => {
  it('keeps the company countries the workflow also has', () => {
    expect(commonCountries([fi, se], [se, ee, fi])).toEqual([se, fi]);
  });
  it('is empty when they share none', () => {
    expect(commonCountries([fi], [se, ee])).toEqual([]);
    expect(commonCountries([], [fi])).toEqual([]);
  });
});
