// Splits the browser specs into lanes that run side by side, each lane a Playwright process
// against a `portico dev` of its own (scripts/e2e.sh). Playwright's own --shard splits by
// count and file order, so one shard could get every long spec; this splits by the durations
// the last full run recorded (e2e/durations.json, written by e2e/durations-reporter.ts), the
// longest first onto the lane with the least so far. A spec with no recorded duration counts
// as the median of the known ones, so a new spec lands somewhere and the split stays
// deterministic: the same files and durations always give the same lanes.

import { readdirSync, readFileSync } from 'node:fs';

/**
 * @param {readonly string[]} files spec file names (relative to e2e/)
 * @param {Readonly<Record<string, number>>} durations seconds per spec file name
 * @param {number} lanes how many lanes (>= 1)
 * @returns {string[][]} the files of each lane, each lane in name order
 */
export function splitIntoLanes(files, durations, lanes) {
  if (!Number.isInteger(lanes) || lanes < 1) throw new Error(`lanes must be a whole number from 1, got ${lanes}`);
  const known = files.map((f) => durations[f]).filter((d) => typeof d === 'number' && d >= 0).sort((a, b) => a - b);
  const fallback = known.length ? known[Math.floor(known.length / 2)] : 1;
  const cost = (f) => (typeof durations[f] === 'number' && durations[f] >= 0 ? durations[f] : fallback);
  // longest first; ties by name so the split does not depend on the order files were listed in
  const ordered = [...new Set(files)].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b));
  const out = Array.from({ length: lanes }, () => ({ files: [], total: 0 }));
  for (const f of ordered) {
    const lane = out.reduce((min, l) => (l.total < min.total ? l : min), out[0]);
    lane.files.push(f);
    lane.total += cost(f);
  }
  return out.map((l) => l.files.sort((a, b) => a.localeCompare(b)));
}

/**
 * Reads PORTICO_E2E_LANE ("2/3": the second of three lanes). Undefined when unset: one lane, every spec.
 * @param {string | undefined} value
 * @returns {{ index: number, count: number } | undefined} index from 0
 */
export function parseLane(value) {
  if (value === undefined || value === '') return undefined;
  const m = /^(\d+)\/(\d+)$/.exec(value);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || index < 1 || index > count) throw new Error(`PORTICO_E2E_LANE must look like 1/2, got "${value}"`);
  return { index: index - 1, count };
}

/**
 * The spec files of one lane of the e2e folder.
 * @param {string} e2eDir
 * @param {{ index: number, count: number }} lane
 */
export function laneFiles(e2eDir, lane) {
  const files = readdirSync(e2eDir).filter((f) => f.endsWith('.spec.ts'));
  /** @type {Record<string, number>} */
  let durations = {};
  try {
    durations = JSON.parse(readFileSync(`${e2eDir}/durations.json`, 'utf8'));
  } catch {
    // no record yet: every spec counts the same
  }
  return splitIntoLanes(files, durations, lane.count)[lane.index] ?? [];
}
