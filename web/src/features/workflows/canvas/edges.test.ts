import { describe, expect, it } from 'vitest';
import { wholePixelEnds } from './edges';

describe('wholePixelEnds', () => {
  it('gives a handle measured under zoom 0.1 the known handle\'s end', () => {
    const known = { sourceX: 80, sourceY: 53, targetX: 120, targetY: 115 };
    expect(wholePixelEnds({ sourceX: 80, sourceY: 52.9998779296875, targetX: 120.00012, targetY: 115 })).toEqual(known);
    expect(wholePixelEnds(known)).toEqual(known);
  });

  it('rounds to the nearest whole pixel either way', () => {
    expect(wholePixelEnds({ sourceX: -0.6, sourceY: 10.5, targetX: 7.49, targetY: -3.2 })).toEqual({ sourceX: -1, sourceY: 11, targetX: 7, targetY: -3 });
  });
});
