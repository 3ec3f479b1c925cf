import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Records how long each spec file took (seconds, the sum of its tests' attempts) into the file
 * PORTICO_E2E_DURATIONS names, so that scripts/e2e.sh can keep the lane split
 * (scripts/e2e-lanes.mjs) in step with the suite: web/e2e/durations.json is that record.
 */
export default class DurationsReporter implements Reporter {
  private readonly seconds = new Map<string, number>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = basename(test.location.file);
    this.seconds.set(file, (this.seconds.get(file) ?? 0) + result.duration / 1000);
  }

  onEnd(result: FullResult): void {
    const out = process.env.PORTICO_E2E_DURATIONS;
    if (!out || result.status === 'interrupted') return;
    mkdirSync(dirname(out), { recursive: true });
    const rounded = Object.fromEntries([...this.seconds].sort(([a], [b]) => a.localeCompare(b)).map(([f, s]) => [f, Math.round(s)]));
    writeFileSync(out, `${JSON.stringify(rounded, null, 2)}\n`);
  }
}
