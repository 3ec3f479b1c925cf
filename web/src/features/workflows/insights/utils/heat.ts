// The heat overlay's colour scale: a step's median time against the slowest step's, from a
// cool green through yellow and orange to red. Each colour is a stop of Ant Design's palette
// (green-6, gold-5, orange-6, red-6), mixed in sRGB between stops.

export const HEAT_STOPS = ['#52c41a', '#ffc53d', '#fa8c16', '#f5222d'] as const;

/** How hot a value is against the hottest, 0 (none or the fastest) to 1 (the slowest). */
export function heatLevel(value: number | null | undefined, max: number): number {
  if (value === null || value === undefined || !(max > 0) || !(value > 0)) return 0;
  return Math.min(1, value / max);
}

const channels = (hex: string): [number, number, number] => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

const hex = (rgb: readonly number[]): string => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** The colour of a level (0..1) on the scale. */
export function heatColour(level: number): string {
  const l = Math.min(1, Math.max(0, Number.isFinite(level) ? level : 0));
  const span = HEAT_STOPS.length - 1;
  const i = Math.min(span - 1, Math.floor(l * span));
  const f = l * span - i;
  const a = channels(HEAT_STOPS[i] ?? HEAT_STOPS[0]);
  const b = channels(HEAT_STOPS[i + 1] ?? HEAT_STOPS[3]);
  return hex(a.map((c, k) => c + ((b[k] ?? c) - c) * f));
}

export interface StepFigures {
  readonly nodeId: string;
  readonly completed: number;
  readonly cycleTimeP50: number | null;
  readonly cycleTimeP90: number | null;
}

export interface StepHeat {
  readonly level: number;
  readonly colour: string;
}

/** Each measured step's heat, by node, against the slowest median among them. */
export function stepHeat(steps: readonly StepFigures[]): Record<string, StepHeat> {
  const measured = steps.filter((s) => s.completed > 0 && s.cycleTimeP50 !== null);
  const max = Math.max(0, ...measured.map((s) => s.cycleTimeP50 ?? 0));
  const out: Record<string, StepHeat> = {};
  for (const s of measured) {
    const level = heatLevel(s.cycleTimeP50, max);
    out[s.nodeId] = { level, colour: heatColour(level) };
  }
  return out;
}
