import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { readdirSync } from 'node:fs';
import { laneFiles, parseLane, splitIntoLanes } from './e2e-lanes.mjs';

test('every spec lands in exactly one lane', () => {
  const files = ['a.spec.ts', 'b.spec.ts', 'c.spec.ts', 'd.spec.ts', 'e.spec.ts'];
  const lanes = splitIntoLanes(files, { 'a.spec.ts': 50, 'b.spec.ts': 10 }, 2);
  assert.deepEqual(lanes.flat().sort(), files);
});

test('the longest specs are spread, the lanes close in total', () => {
  const durations = { 'a.spec.ts': 100, 'b.spec.ts': 90, 'c.spec.ts': 60, 'd.spec.ts': 40, 'e.spec.ts': 10 };
  const lanes = splitIntoLanes(Object.keys(durations), durations, 2);
  const totals = lanes.map((l) => l.reduce((s, f) => s + durations[f], 0));
  assert.deepEqual(lanes, [['a.spec.ts', 'd.spec.ts', 'e.spec.ts'], ['b.spec.ts', 'c.spec.ts']]);
  assert.deepEqual(totals, [150, 150]);
});

test('the split does not depend on the order the files were read in', () => {
  const durations = { 'a.spec.ts': 5, 'b.spec.ts': 5, 'c.spec.ts': 5 };
  assert.deepEqual(
    splitIntoLanes(['c.spec.ts', 'a.spec.ts', 'b.spec.ts'], durations, 2),
    splitIntoLanes(['a.spec.ts', 'b.spec.ts', 'c.spec.ts'], durations, 2),
  );
});

test('a spec with no recorded time counts as the median, not as nothing', () => {
  const durations = { 'a.spec.ts': 100, 'b.spec.ts': 30, 'c.spec.ts': 20 };
  // new.spec.ts counts 30 (the median): a(100) takes one lane, b, new and c (80 in all) the other
  const lanes = splitIntoLanes(['a.spec.ts', 'b.spec.ts', 'c.spec.ts', 'new.spec.ts'], durations, 2);
  assert.deepEqual(lanes, [['a.spec.ts'], ['b.spec.ts', 'c.spec.ts', 'new.spec.ts']]);
});

test('PORTICO_E2E_LANE is read as i/n and refused when malformed', () => {
  assert.equal(parseLane(undefined), undefined);
  assert.deepEqual(parseLane('2/3'), { index: 1, count: 3 });
  for (const bad of ['0/2', '3/2', '1', 'a/b', '1/0']) assert.throws(() => parseLane(bad), /PORTICO_E2E_LANE/);
  assert.throws(() => splitIntoLanes(['a.spec.ts'], {}, 0), /lanes/);
});

test('the lanes of the real e2e folder hold each of its specs once', () => {
  const dir = fileURLToPath(new URL('../e2e', import.meta.url));
  const specs = readdirSync(dir).filter((f) => f.endsWith('.spec.ts')).sort();
  const lanes = [0, 1].map((index) => laneFiles(dir, { index, count: 2 }));
  assert.deepEqual(lanes.flat().sort(), specs);
  assert.ok(lanes.every((l) => l.length > 0));
});
