#!/usr/bin/env node
// The thread switch benchmark (issue 30): how long an agent waits between clicking a thread in
// the inbox list and seeing its messages, the thing an agent does hundreds of times a day.
// Measured in the page (performance.now): from the click to the frame after the first
// activity of the newly opened thread is in the DOM (its activities are new elements; the previous
// thread's are marked before the click, so a leftover never counts). The threads are the first
// ones of the agent's inbox, each opened once before measuring (the thread pane's chunk and
// translations are first-load costs, not a switch's); then SWITCHES switches go round them.
// p50 and p95 are printed with the goal beside them and the machine's load average. A
// benchmark measures: misses are reported, never failed.
//
//   node scripts/thread-switch-bench.mjs [base-url]
//
// base-url defaults to THREAD_BENCH_URL or http://127.0.0.1:18090; THREAD_BENCH_USER picks the
// user (agent@portico.test), THREAD_BENCH_SWITCHES the switches (50), THREAD_BENCH_THREADS how
// many threads they go round (8), PORTICO_CHROMIUM the browser (/usr/bin/chromium). The figures
// also go to var/bench/thread-switch.json.

import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { devSession } from './dev-session.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const base = (process.argv[2] ?? process.env.THREAD_BENCH_URL ?? 'http://127.0.0.1:18090').replace(/\/+$/, '');
const email = process.env.THREAD_BENCH_USER ?? 'agent@portico.test';
const switches = Number(process.env.THREAD_BENCH_SWITCHES ?? 50);
const threadCount = Number(process.env.THREAD_BENCH_THREADS ?? 8);
const chromePath = process.env.PORTICO_CHROMIUM ?? '/usr/bin/chromium';
const P95_GOAL_MS = 150;

// @playwright/test is a dev dependency of web/, not of the repository root.
const webRequire = createRequire(`${root}web/package.json`);
const playwright = await import(pathToFileURL(webRequire.resolve('@playwright/test')).href);
const chromium = playwright.chromium ?? playwright.default.chromium;

function fail(message) {
  console.error(`thread-switch-bench: ${message}`);
  process.exit(1);
}

function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i];
}

/** In the page: click thread id's card and resolve with the ms until its first message is painted. */
function switchTo(id) {
  return new Promise((resolve, reject) => {
    // every activity (a message, a file, a system line) is an element with id activity-<uuid>
    const ACTIVITY = '[data-testid="thread-messages"] [id^="activity-"]';
    for (const old of document.querySelectorAll(ACTIVITY)) old.setAttribute('data-bench-old', '');
    const link = document.querySelector(`[data-thread-id="${id}"] [data-testid="thread-link"]`);
    if (!link) {
      reject(new Error(`no card for thread ${id}`));
      return;
    }
    const start = performance.now();
    link.click();
    const check = () => {
      const opened = document.querySelector(`[data-thread-id="${id}"] [data-testid="thread-link"][aria-current="page"]`);
      const fresh = document.querySelector(`${ACTIVITY}:not([data-bench-old])`);
      if (opened && fresh) {
        // the frame that shows it: the next animation frame, then the task after it
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
        return;
      }
      if (performance.now() - start > 20_000) {
        reject(new Error(`thread ${id} showed no message within 20 s`));
        return;
      }
      requestAnimationFrame(check);
    };
    check();
  });
}

const { cookie, status } = await devSession(base, email);
if (!cookie) fail(`dev login as ${email} at ${base} answered ${status} without a session`);
const [name, value] = cookie.split('=');

const browser = await chromium.launch({
  executablePath: chromePath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
const loadBefore = loadavg();
let figures;
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-GB', reducedMotion: 'reduce' });
  await context.addCookies([{ name, value, url: base }]);
  const page = await context.newPage();
  await page.goto(`${base}/inbox`);
  await page.locator('[data-testid="thread-row"]').first().waitFor({ timeout: 60_000 });
  const ids = (await page.locator('[data-testid="thread-row"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-thread-id'))))
    .filter(Boolean)
    .slice(0, threadCount);
  if (ids.length < 2) fail(`the inbox of ${email} shows ${ids.length} thread(s); at least 2 are needed`);
  // each thread once, unmeasured: the pane's chunk, its translations, the first answers
  for (const id of ids) await page.evaluate(switchTo, id);
  const times = [];
  for (let i = 0; i < switches; i += 1) {
    // round the threads so that every switch opens another thread than the one open
    times.push(await page.evaluate(switchTo, ids[(i + 1) % ids.length]));
  }
  const sorted = [...times].sort((a, b) => a - b);
  figures = {
    base,
    user: email,
    threads: ids.length,
    switches: times.length,
    p50_ms: Math.round(quantile(sorted, 0.5)),
    p95_ms: Math.round(quantile(sorted, 0.95)),
    max_ms: Math.round(sorted[sorted.length - 1]),
    goal_p95_ms: P95_GOAL_MS,
    load_before: loadBefore.map((l) => Number(l.toFixed(2))),
    load_after: loadavg().map((l) => Number(l.toFixed(2))),
    cores: availableParallelism(),
  };
} finally {
  await browser.close();
}

mkdirSync(`${root}var/bench`, { recursive: true });
writeFileSync(`${root}var/bench/thread-switch.json`, `${JSON.stringify(figures, null, 2)}\n`);
const met = figures.p95_ms <= P95_GOAL_MS ? 'met' : 'missed';
console.log(`thread switch (${figures.switches} switches round ${figures.threads} threads, ${figures.user}):`);
console.log(`  click to the thread's first activity painted: p50 ${figures.p50_ms} ms, p95 ${figures.p95_ms} ms (goal p95 <= ${P95_GOAL_MS} ms: ${met}), max ${figures.max_ms} ms`);
console.log(`  load average before ${figures.load_before.join(' ')}, after ${figures.load_after.join(' ')} on ${figures.cores} cores`);
