#!/usr/bin/env node
// The workflow designer's canvas benchmark (issue 12, "Speed"): a generated 500-node workflow
// against a 50-node one, measured in one run so that the machine's load falls on both.
//   - opening the editor: navigation start → every node rendered and one frame after;
//   - dragging one node: the frame durations (requestAnimationFrame) while Playwright's mouse
//     moves it in steps, median and p95;
//   - the main thread's work in both (Chrome's Performance metrics over CDP): its CPU time
//     (ThreadTime), which the machine's load barely moves, and the durations of its tasks,
//     scripts, layouts and style recalculations (wall time, which the load does inflate).
// Rounds are interleaved (50, 500, 50, 500, ...) and the medians of the rounds are printed
// with the goals beside them. A benchmark measures: misses are reported, never failed.
//
//   node scripts/canvas-bench.mjs [base-url]
//
// base-url defaults to CANVAS_BENCH_URL or http://127.0.0.1:18090; CANVAS_BENCH_USER picks the
// user (admin@portico.test), CANVAS_BENCH_ROUNDS the rounds (5), PORTICO_CHROMIUM the browser
// (/usr/bin/chromium), CANVAS_BENCH_SHOT a screenshot path for when the drag cannot start. The
// figures also go to var/canvas-bench.json.

import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { devSession } from './dev-session.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const base = (process.argv[2] ?? process.env.CANVAS_BENCH_URL ?? 'http://127.0.0.1:18090').replace(/\/+$/, '');
const email = process.env.CANVAS_BENCH_USER ?? 'admin@portico.test';
const rounds = Number(process.env.CANVAS_BENCH_ROUNDS ?? 5);
const chromePath = process.env.PORTICO_CHROMIUM ?? '/usr/bin/chromium';
const SIZES = [50, 500];
const OPEN_GOAL_MS = 1500;
const DRAG_GOAL_RATIO = 1.25;
const DRAG_STEPS = 60;

// @playwright/test is a dev dependency of web/, not of the repository root.
const webRequire = createRequire(`${root}web/package.json`);
const playwright = await import(pathToFileURL(webRequire.resolve('@playwright/test')).href);
const chromium = playwright.chromium ?? playwright.default.chromium;

function fail(message) {
  console.error(`canvas-bench: ${message}`);
  process.exit(1);
}

// --- the generated workflow ----------------------------------------------------------------

/**
 * A valid workflow of exactly n nodes: start → blocks → end, where a block is
 * task → approval (rejected → end) → condition (false → end) → parallel → (task | wait) → join,
 * nine nodes; tasks fill up the rest. Blocks stand in columns so that the whole graph fits the
 * canvas at React Flow's smallest zoom.
 */
function generateStructure(n) {
  const nodes = [];
  const edges = [];
  const BLOCK = 9;
  const blocks = Math.floor((n - 2) / BLOCK);
  const fill = n - 2 - blocks * BLOCK;
  const perColumn = Math.max(1, Math.ceil(Math.sqrt(blocks)));
  let id = 0;
  const add = (type, x, y, data = {}) => {
    const nodeId = `${type}-${(id += 1)}`;
    nodes.push({ id: nodeId, type, position: { x, y }, data });
    return nodeId;
  };
  const link = (source, target, sourceHandle) =>
    edges.push({ id: `e-${edges.length + 1}`, source, target, ...(sourceHandle ? { sourceHandle } : {}) });
  const task = (title) => ({ title, assignee: { type: 'responsible' } });

  let previous = add('start', 0, 0, { parameters: [{ name: 'amount', label: 'Amount', type: 'number', required: true }] });
  for (let b = 0; b < blocks; b += 1) {
    const x = Math.floor(b / perColumn) * 700;
    const y = 120 + (b % perColumn) * 720;
    const t = add('task', x, y, task(`Task ${b + 1}`));
    const a = add('approval', x, y + 120, task(`Approval ${b + 1}`));
    const rejected = add('end', x + 300, y + 240, { label: `Rejected ${b + 1}` });
    const c = add('condition', x, y + 240, { parameter: 'amount', operator: 'gt', value: 100 });
    const below = add('end', x + 300, y + 360, { label: `Small ${b + 1}` });
    const fork = add('parallel', x, y + 360);
    const left = add('task', x - 150, y + 480, task(`Branch ${b + 1}`));
    const right = add('wait', x + 150, y + 480, { type: 'duration', days: 1 });
    const join = add('join', x, y + 600);
    link(previous, t);
    link(t, a);
    link(a, rejected, 'rejected');
    link(a, c, 'approved');
    link(c, below, 'false');
    link(c, fork, 'true');
    link(fork, left);
    link(fork, right);
    link(left, join);
    link(right, join);
    previous = join;
  }
  const x = Math.ceil(blocks / perColumn) * 700;
  for (let i = 0; i < fill; i += 1) {
    const t = add('task', x, 120 + i * 120, task(`Extra ${i + 1}`));
    link(previous, t);
    previous = t;
  }
  link(previous, add('end', x, 120 + fill * 120, { label: 'Done' }));
  return { nodes, edges };
}

// --- the server ----------------------------------------------------------------------------------

/** Signs in through POST /auth/dev and returns the session cookie's value. */
async function signIn() {
  const { cookie, status } = await devSession(base, email);
  if (!cookie) fail(`dev login as ${email} gave no session (HTTP ${status}); is dev login on at ${base}?`);
  return cookie.slice('portico_session='.length);
}

async function graphql(session, query, variables = {}) {
  const response = await fetch(`${base}/graphql/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base, Cookie: `portico_session=${session}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json().catch(() => null);
  if (!response.ok || !body || body.errors) fail(`GraphQL answered HTTP ${response.status}: ${JSON.stringify(body?.errors ?? body)}`);
  return body.data;
}

async function createWorkflow(session, size) {
  const { categories } = await graphql(session, 'query { categories(all: true) { id active } }');
  const category = categories.find((c) => c.active)?.id ?? categories[0]?.id;
  const data = await graphql(
    session,
    `mutation Bench($name: String, $category: ID, $structure: JSON) {
      createWorkflow(name: $name, category: $category, structure: $structure, draft: true) {
        workflow { uuid }
        errors { field message }
      }
    }`,
    { name: `Canvas bench ${size} ${Date.now().toString(36)}`, category, structure: generateStructure(size) },
  );
  const { workflow, errors } = data.createWorkflow;
  if (!workflow || errors.length > 0) fail(`createWorkflow (${size} nodes) refused: ${JSON.stringify(errors)}`);
  return workflow.uuid;
}

async function deleteWorkflow(session, uuid) {
  await graphql(session, 'mutation Drop($id: ID!) { deleteWorkflow(workflowId: $id) { success } }', { id: uuid }).catch(() => {});
}

// --- the measurements ----------------------------------------------------------------------------

// --- the main thread's work ----------------------------------------------------------------------

/** Chrome's cumulative main-thread figures (seconds) of the page's renderer. */
const CPU_METRICS = {
  ThreadTime: 'cpuMs',
  TaskDuration: 'taskMs',
  ScriptDuration: 'scriptMs',
  LayoutDuration: 'layoutMs',
  RecalcStyleDuration: 'styleMs',
};

async function cpuMetrics(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(metrics.filter((m) => m.name in CPU_METRICS).map((m) => [CPU_METRICS[m.name], m.value * 1000]));
}

const cpuSince = (before, after) => Object.fromEntries(Object.keys(after).map((k) => [k, after[k] - (before[k] ?? 0)]));

// --- the measurements ----------------------------------------------------------------------------

/**
 * Navigation start → n nodes drawn and a frame after, in ms (the page's clock), and the main
 * thread's work from the navigation's commit to then.
 */
async function openEditor(page, cdp, uuid, n) {
  await page.goto(`${base}/workflows/${uuid}/edit`, { waitUntil: 'commit' });
  // the counters belong to the renderer the navigation committed in
  const before = await cpuMetrics(cdp);
  // React Flow hides a node until it has measured it, and fits the view after: drawn = visible
  const drawn = (count) =>
    [...document.querySelectorAll('.react-flow__node')].filter((el) => el.style.visibility !== 'hidden').length >= count;
  await page.waitForFunction(drawn, n, { timeout: 120_000, polling: 'raf' });
  const ms = await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now()))));
  return { ms, cpu: cpuSince(before, await cpuMetrics(cdp)) };
}

/** Frame durations (ms) while one node is dragged across the canvas in DRAG_STEPS moves, and the main thread's work in the drag. */
async function dragFrames(page, cdp) {
  // the start node: every generated workflow has one, at the top left of the graph
  const handle = page.locator('.react-flow__node-start').first();
  // zoom in on it (the wheel over the canvas) so that both workflows are dragged at one scale;
  // every node stays in the DOM (the canvas renders the off-screen ones too)
  let box = await handle.boundingBox();
  for (let i = 0; box && box.width < 120 && i < 40; i += 1) {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -200);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    box = await handle.boundingBox();
  }
  if (!box || box.width < 120) {
    if (process.env.CANVAS_BENCH_SHOT) await page.screenshot({ path: process.env.CANVAS_BENCH_SHOT });
    fail(`could not zoom in on the start node (${JSON.stringify(box)})`);
  }
  const placed = () => handle.evaluate((el) => el.style.transform);
  const from = await placed();
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.evaluate(() => {
    const frames = [];
    window.__canvasBench = { frames, running: true };
    let last = null;
    const tick = (now) => {
      if (last !== null) frames.push(now - last);
      last = now;
      if (window.__canvasBench.running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const before = await cpuMetrics(cdp);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 200, y + 120, { steps: DRAG_STEPS });
  await page.mouse.up();
  const to = await placed();
  if (to === from) {
    const hit = await page.evaluate(([px, py]) => document.elementFromPoint(px, py)?.className ?? null, [x, y]);
    fail(`the dragged node did not move (${from}; box ${JSON.stringify(box)} hits ${hit})`);
  }
  const frames = await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => {
          window.__canvasBench.running = false;
          resolve(window.__canvasBench.frames);
        }),
      ),
  );
  return { frames, cpu: cpuSince(before, await cpuMetrics(cdp)) };
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
};
const median = (values) => quantile(values, 0.5);

// --- the run -------------------------------------------------------------------------------------

const session = await signIn().catch((err) => fail(`no server at ${base}: ${err instanceof Error ? err.message : String(err)}`));
const workflows = {};
for (const size of SIZES) workflows[size] = await createWorkflow(session, size);

const browser = await chromium.launch({
  executablePath: chromePath,
  args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
});
const samples = Object.fromEntries(SIZES.map((s) => [s, { openMs: [], dragMedianMs: [], dragP95Ms: [], openCpu: [], dragCpu: [] }]));
/** A page with Chrome's Performance metrics on. */
async function newPage(context) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  return { page, cdp };
}
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const { hostname } = new URL(base);
  await context.addCookies([{ name: 'portico_session', value: session, domain: hostname, path: '/' }]);
  // a warm-up: the editor's code in the HTTP cache, as on any visit after the first
  {
    const { page, cdp } = await newPage(context);
    await openEditor(page, cdp, workflows[SIZES[0]], SIZES[0]);
    await page.close();
  }
  for (let round = 0; round < rounds; round += 1) {
    for (const size of SIZES) {
      const { page, cdp } = await newPage(context);
      const open = await openEditor(page, cdp, workflows[size], size);
      samples[size].openMs.push(open.ms);
      samples[size].openCpu.push(open.cpu);
      const drag = await dragFrames(page, cdp);
      samples[size].dragMedianMs.push(median(drag.frames));
      samples[size].dragP95Ms.push(quantile(drag.frames, 0.95));
      samples[size].dragCpu.push(drag.cpu);
      await page.close();
    }
  }
} finally {
  await browser.close();
  for (const size of SIZES) await deleteWorkflow(session, workflows[size]);
}

const [small, large] = SIZES;
const figure = (size, key) => median(samples[size][key]);
/** The medians of the rounds' main-thread figures ({cpuMs, taskMs, scriptMs, layoutMs, styleMs}). */
const cpuFigure = (size, key) =>
  Object.fromEntries(Object.values(CPU_METRICS).map((m) => [m, median(samples[size][key].map((c) => c[m]))]));
const figures = {
  url: base,
  user: email,
  rounds,
  dragSteps: DRAG_STEPS,
  openMs: { [small]: figure(small, 'openMs'), [large]: figure(large, 'openMs') },
  dragMedianMs: { [small]: figure(small, 'dragMedianMs'), [large]: figure(large, 'dragMedianMs') },
  dragP95Ms: { [small]: figure(small, 'dragP95Ms'), [large]: figure(large, 'dragP95Ms') },
  openCpu: { [small]: cpuFigure(small, 'openCpu'), [large]: cpuFigure(large, 'openCpu') },
  dragCpu: { [small]: cpuFigure(small, 'dragCpu'), [large]: cpuFigure(large, 'dragCpu') },
  samples,
  loadAverage: Number(loadavg()[0].toFixed(1)),
  cpus: availableParallelism(),
};
const dragMedianRatio = figures.dragMedianMs[large] / figures.dragMedianMs[small];
const dragP95Ratio = figures.dragP95Ms[large] / figures.dragP95Ms[small];
Object.assign(figures, { dragMedianRatio, dragP95Ratio });
mkdirSync(`${root}var`, { recursive: true });
writeFileSync(`${root}var/canvas-bench.json`, `${JSON.stringify(figures, null, 2)}\n`);

const ms = (v) => `${Math.round(v)} ms`;
const mark = (ok) => (ok ? 'ok' : 'MISSED');
const openLarge = figures.openMs[large];
console.log(`Workflow canvas, ${large} vs ${small} nodes, medians of ${rounds} interleaved rounds, ${base} as ${email}`);
console.log(
  `  open editor   ${large}: ${ms(openLarge)} (goal ≤ ${ms(OPEN_GOAL_MS)}: ${mark(openLarge <= OPEN_GOAL_MS)})   ${small}: ${ms(figures.openMs[small])}   ratio ${(openLarge / figures.openMs[small]).toFixed(2)}x`,
);
console.log(
  `  drag median   ${large}: ${figures.dragMedianMs[large].toFixed(1)} ms   ${small}: ${figures.dragMedianMs[small].toFixed(1)} ms   ratio ${dragMedianRatio.toFixed(2)}x (goal ≤ ${DRAG_GOAL_RATIO}x: ${mark(dragMedianRatio <= DRAG_GOAL_RATIO)})`,
);
console.log(
  `  drag p95      ${large}: ${figures.dragP95Ms[large].toFixed(1)} ms   ${small}: ${figures.dragP95Ms[small].toFixed(1)} ms   ratio ${dragP95Ratio.toFixed(2)}x (goal ≤ ${DRAG_GOAL_RATIO}x: ${mark(dragP95Ratio <= DRAG_GOAL_RATIO)})`,
);
const cpuLine = (label, key) => {
  const [l, s] = [figures[key][large], figures[key][small]];
  const part = (m, name) => `${name} ${Math.round(l[m])}/${Math.round(s[m])}`;
  return `  ${label} ${large}/${small} nodes, main thread ms: ${part('cpuMs', 'CPU')} (ratio ${(l.cpuMs / s.cpuMs).toFixed(2)}x)  ${part('taskMs', 'tasks')}  ${part('scriptMs', 'script')}  ${part('layoutMs', 'layout')}  ${part('styleMs', 'style')}`;
};
console.log(cpuLine('open CPU', 'openCpu'));
console.log(cpuLine('drag CPU', 'dragCpu'));
console.log(`  machine load  ${figures.loadAverage} on ${figures.cpus} CPUs`);
