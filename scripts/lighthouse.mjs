#!/usr/bin/env node
// Lighthouse against a running Portico's inbox, tasks and files pages, with the desktop and the
// mobile preset, signed in as a demo user through the dev login, with Debian's Chromium headless
// and no network beyond this machine. Prints for each page and preset the performance,
// accessibility and best-practices scores, FCP, LCP, TBT and CLS (the median run by performance
// of LIGHTHOUSE_RUNS), with the machine's load, and the initial JavaScript of the build
// (`npm run size`).
//
//   node scripts/lighthouse.mjs [base-url]
//
// base-url defaults to LIGHTHOUSE_URL or http://127.0.0.1:18090; LIGHTHOUSE_USER picks the
// user (anna@acme.test), LIGHTHOUSE_RUNS the runs of each page and preset (1; the issue's
// median of 5 takes about 5 minutes), LIGHTHOUSE_PAGES the pages (inbox,tasks,files),
// LIGHTHOUSE_PRESETS the presets (desktop,mobile), PORTICO_CHROMIUM the browser
// (/usr/bin/chromium). The inbox's desktop report goes to var/lighthouse-report.json, the
// figures to var/lighthouse.json. Exits non-zero only when it could not run; low scores are
// reported, not failed.

import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { devSession } from './dev-session.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const base = (process.argv[2] ?? process.env.LIGHTHOUSE_URL ?? 'http://127.0.0.1:18090').replace(/\/+$/, '');
const email = process.env.LIGHTHOUSE_USER ?? 'anna@acme.test';
const chromePath = process.env.PORTICO_CHROMIUM ?? '/usr/bin/chromium';
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const pages = (process.env.LIGHTHOUSE_PAGES ?? 'inbox,tasks,files').split(',').filter(Boolean);
const presets = (process.env.LIGHTHOUSE_PRESETS ?? 'desktop,mobile').split(',').filter(Boolean);
// The issue's goals (issue 30): reported beside the figures, never failed.
const GOALS = { desktop: 95, mobile: 85 };
// A page's address under the user's first company (customers have one).
const PAGE_PATHS = { inbox: 'inbox', tasks: 'tasks', files: 'shared-files' };

// lighthouse and chrome-launcher are dev dependencies of web/, not of the repository root.
const webRequire = createRequire(`${root}web/package.json`);
const load = (specifier) => import(pathToFileURL(webRequire.resolve(specifier)).href);

// Everything but this machine resolves to nowhere: the run is offline by construction.
const OFFLINE = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-sync',
  '--disable-quic',
  OFFLINE,
];

function fail(message) {
  console.error(`lighthouse: ${message}`);
  process.exit(1);
}

/** Signs in through POST /auth/dev and returns the session cookie ("name=value"). */
async function signIn() {
  const { cookie, status } = await devSession(base, email);
  if (!cookie) fail(`dev login as ${email} gave no session (HTTP ${status}); is dev login on at ${base}?`);
  return cookie;
}

/** The user's first company (customers have one). */
async function firstCompany(cookie) {
  const response = await fetch(`${base}/api/init.json`, { headers: { Cookie: cookie } });
  if (!response.ok) fail(`GET /api/init.json answered HTTP ${response.status}`);
  const init = await response.json();
  const company = init.companies?.[0]?.uuid;
  if (!company) fail(`${email} has no company`);
  return company;
}

/** The last line of `npm run size` (the initial JavaScript, gzip), or null without a build. */
function initialSize() {
  try {
    const out = execFileSync('npm', ['run', '--silent', 'size'], { cwd: `${root}web`, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const total = out.trim().split('\n').at(-1) ?? '';
    const kb = /([\d.]+) kB gzip/.exec(total);
    return kb ? Number(kb[1]) : null;
  } catch {
    return null;
  }
}

const cookie = await signIn().catch((err) => fail(`no server at ${base}: ${err instanceof Error ? err.message : String(err)}`));
const company = await firstCompany(cookie);
for (const name of pages) if (!PAGE_PATHS[name]) fail(`unknown page ${name} (known: ${Object.keys(PAGE_PATHS).join(', ')})`);
for (const preset of presets) if (!GOALS[preset]) fail(`unknown preset ${preset} (desktop or mobile)`);
const { default: lighthouse } = await load('lighthouse');
const { default: desktopConfig } = await load('lighthouse/core/config/desktop-config.js');
const chromeLauncher = await load('chrome-launcher');

/** One Lighthouse run of url with a preset (mobile: Lighthouse's default config). */
async function runOnce(url, preset) {
  const chrome = await chromeLauncher
    .launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' })
    .catch((err) => fail(`could not start ${chromePath}: ${err instanceof Error ? err.message : String(err)}`));
  let result;
  try {
    result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        // The session rides on every request: the dev login's cookie, sent as a header.
        extraHeaders: { Cookie: cookie },
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
  } catch (err) {
    await chrome.kill();
    fail(`the run of ${url} (${preset}) failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  await chrome.kill();
  const lhr = result?.lhr;
  if (!lhr) fail('Lighthouse returned no report');
  if (lhr.runtimeError) fail(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  if (new URL(lhr.finalDisplayedUrl).pathname.startsWith('/login')) fail(`the page went to ${lhr.finalDisplayedUrl}: not signed in`);
  const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  return {
    report: result.report,
    figures: {
      url: lhr.finalDisplayedUrl,
      preset,
      lighthouse: lhr.lighthouseVersion,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      // Scores fall on a busy machine (TBT most): the load the run saw, next to the figures.
      loadAverage: Number(loadavg()[0].toFixed(1)),
    },
  };
}

const results = [];
let inboxReport = null;
for (const name of pages) {
  for (const preset of presets) {
    const url = `${base}/${company}/${PAGE_PATHS[name]}`;
    const all = [];
    for (let i = 0; i < runs; i += 1) all.push(await runOnce(url, preset));
    // the median run by performance score: its other figures are that run's own
    all.sort((a, b) => (a.figures.performance ?? 0) - (b.figures.performance ?? 0));
    const median = all[Math.floor((all.length - 1) / 2)];
    if (name === 'inbox' && preset === 'desktop') inboxReport = median.report;
    results.push({ page: name, runs, goal: GOALS[preset], ...median.figures });
  }
}
const figures = { user: email, cpus: availableParallelism(), initialJsKbGzip: initialSize(), pages: results };

mkdirSync(`${root}var`, { recursive: true });
if (inboxReport) writeFileSync(`${root}var/lighthouse-report.json`, inboxReport);
writeFileSync(`${root}var/lighthouse.json`, `${JSON.stringify(figures, null, 2)}\n`);

const ms = (v) => (v == null ? 'n/a' : `${Math.round(v)} ms`);
console.log(`Lighthouse ${results[0]?.lighthouse ?? ''} as ${email}, median of ${runs} run(s) each, ${figures.cpus} CPUs`);
for (const r of results) {
  const met = r.performance == null ? 'n/a' : r.performance >= r.goal ? 'met' : 'missed';
  console.log(
    `  ${r.page.padEnd(6)} ${r.preset.padEnd(8)} performance ${r.performance ?? 'n/a'} (goal >= ${r.goal}: ${met})  accessibility ${r.accessibility ?? 'n/a'}  best practices ${r.bestPractices ?? 'n/a'}`,
  );
  console.log(
    `  ${''.padEnd(15)} FCP ${ms(r.fcpMs)}  LCP ${ms(r.lcpMs)}  TBT ${ms(r.tbtMs)}  CLS ${r.cls == null ? 'n/a' : r.cls.toFixed(3)}  load ${r.loadAverage}`,
  );
}
console.log(`  initial JS of the inbox  ${figures.initialJsKbGzip == null ? 'n/a (no build)' : `${figures.initialJsKbGzip} kB gzip`}`);
