import { describe, expect, it } from 'vitest';
import { everyChosen, toggleAll } from './selectAll';

const options = [{ value: 'fi' }, { value: 'se' }, { value: 'ee' }];

describe('select-all', () => {
  it('is on only when every option is chosen', () => {
    expect(everyChosen(['fi', 'se', 'ee'], options)).toBe(true);
    expect(everyChosen(['fi', 'se'], options)).toBe(false);
    expect(everyChosen([], [])).toBe(false);
  });

  it('chooses all, or none of the options when all were chosen', () => {
    expect(toggleAll(['se'], options)).toEqual(['se', 'fi', 'ee']);
    expect(toggleAll(['fi', 'se', 'ee'], options)).toEqual([]);
    // a chosen value the options lack (not loaded, or inactive) stays
    expect(toggleAll(['old', 'fi', 'se', 'ee'], options)).toEqual(['old']);
  });
});
