import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { laneFiles, parseLane } from './scripts/e2e-lanes.mjs';

// The e2e tests run against a real Portico server with its demo data. The Makefile
// starts that server (dev login on) and points PORTICO_E2E_URL at it; no webServer here.
const baseURL = process.env.PORTICO_E2E_URL ?? 'http://127.0.0.1:18080';

// Debian's Chromium: Playwright never downloads a browser on these machines.
const executablePath = process.env.PORTICO_CHROMIUM ?? '/usr/bin/chromium';

// PORTICO_E2E_LANE=i/n runs the i-th of n lanes of specs (scripts/e2e-lanes.mjs), each lane
// a Playwright process of its own against a server of its own (scripts/e2e.sh runs them side
// by side); its results and sessions are kept apart from the other lanes'.
const lane = parseLane(process.env.PORTICO_E2E_LANE);
const laneSuffix = lane ? `-lane${lane.index + 1}` : '';
const testDir = fileURLToPath(new URL('./e2e', import.meta.url));

// PORTICO_HEADED=1 shows the browser (on a machine with a display): scripts/e2e.sh <spec> with it set.
const headed = Boolean(process.env.PORTICO_HEADED);

export default defineConfig({
  testDir,
  ...(lane ? { testMatch: laneFiles(testDir, lane).map((f) => new RegExp(`/${f.replaceAll('.', '\\.')}$`)) } : {}),
  // signs the demo users in once; specs that only need a session start with it (storageStateOf)
  globalSetup: './e2e/global-setup.ts',
  outputDir: `./test-results${laneSuffix}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // a ceiling for a test on a busy machine (specs wait for states, never for durations)
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['./e2e/durations-reporter.ts']],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: !headed,
    viewport: { width: 1440, height: 900 },
    locale: 'en-GB',
    // no fades: axe must never judge colours halfway through a modal's opening animation
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        ...(headed ? [] : ['--headless']),
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
