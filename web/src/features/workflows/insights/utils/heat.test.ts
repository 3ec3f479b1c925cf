import { describe, expect, it } from 'vitest';
import { HEAT_STOPS, heatColour, heatLevel, stepHeat } from './heat';

describe('the heat scale', () => {
  it('puts a value against the slowest', () => {
    expect(heatLevel(50, 100)).toBe(0.5);
    expect(heatLevel(100, 100)).toBe(1);
    expect(heatLevel(150, 100)).toBe(1);
    expect(heatLevel(0, 100)).toBe(0);
    expect(heatLevel(null, 100)).toBe(0);
    expect(heatLevel(10, 0)).toBe(0);
  });

  it('runs from green to red through the palette stops', () => {
    expect(heatColour(0)).toBe(HEAT_STOPS[0]);
    expect(heatColour(1 / 3)).toBe(HEAT_STOPS[1]);
    expect(heatColour(2 / 3)).toBe(HEAT_STOPS[2]);
    expect(heatColour(1)).toBe(HEAT_STOPS[3]);
    // half way from green (#52c41a) to gold (#ffc53d)
    expect(heatColour(1 / 6)).toBe('#a9c52c');
    expect(heatColour(-1)).toBe(HEAT_STOPS[0]);
    expect(heatColour(2)).toBe(HEAT_STOPS[3]);
    expect(heatColour(Number.NaN)).toBe(HEAT_STOPS[0]);
  });

  it('heats the measured steps against the slowest median, and leaves the others out', () => {
    const heat = stepHeat([
      { nodeId: 'start', completed: 8, cycleTimeP50: 0, cycleTimeP90: 0 },
      { nodeId: 'invoices', completed: 8, cycleTimeP50: 86400, cycleTimeP90: 2 * 86400 },
      { nodeId: 'bank', completed: 8, cycleTimeP50: 4 * 86400, cycleTimeP90: 5 * 86400 },
      { nodeId: 'fix', completed: 0, cycleTimeP50: null, cycleTimeP90: null },
    ]);
    expect(Object.keys(heat).sort()).toEqual(['bank', 'invoices', 'start']);
    expect(heat['bank']).toEqual({ level: 1, colour: HEAT_STOPS[3] });
    expect(heat['invoices']?.level).toBe(0.25);
    expect(heat['start']).toEqual({ level: 0, colour: HEAT_STOPS[0] });
  });
});
