// node --test scripts/ (make web-test): the budget check counts what a route loads first
// and fails a build whose route is over its budget.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { BUDGETS, OPENED_PARTS, bootNamespaces, inlineLazyLoaders, overBudget, pageModules, routeSizes } from './route-budget.mjs';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const SCRIPT = fileURLToPath(new URL('./route-budget.mjs', import.meta.url));
const read = (path) => readFileSync(join(WEB, path), 'utf8');
const toKey = (spec) => `${posix.join('src/app/router', spec)}.tsx`;

describe('pageModules', () => {
  it('reads the page of every route from pages.ts: inline loaders, loaders and pages kept in a const', () => {
    const source = `
const loadShared = () => import('../../features/shared/pages');
const inbox = page(() => import('../../features/inbox/pages/InboxPage'), 'InboxPage');
export const PAGES: Record<RouteName, ComponentType> = {
  Root: Forwarding,
  Inbox: inbox,
  Tasks: page(() => import('../../features/tasks/pages/TasksPage'), 'TasksPage'),
  Long: page(
    () => import('../../features/long/pages/LongPage'),
    'LongPage',
  ),
  SharedA: page(loadShared, 'APage'),
};`;
    assert.deepEqual(Object.fromEntries(pageModules(source, toKey)), {
      Inbox: 'src/features/inbox/pages/InboxPage.tsx',
      Tasks: 'src/features/tasks/pages/TasksPage.tsx',
      Long: 'src/features/long/pages/LongPage.tsx',
      SharedA: 'src/features/shared/pages.tsx',
    });
  });

  it('finds the inbox and most routes in the real pages.ts', () => {
    const routes = pageModules(inlineLazyLoaders(read('src/app/router/pages.ts'), 'src/app/router/pages.ts', read), toKey);
    assert.equal(routes.get('Inbox'), 'src/features/inbox/pages/InboxPage.tsx');
    assert.ok(routes.size > 40, `only ${routes.size} routes read`);
  });
});

describe('routeSizes', () => {
  const manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'], dynamicImports: ['src/Page.tsx'] },
    '_vendor.js': { file: 'assets/vendor.js' },
    '_shared.js': { file: 'assets/shared.js', imports: ['_vendor.js'] },
    'src/Page.tsx': { file: 'assets/page.js', imports: ['_shared.js', 'index.html'], dynamicImports: ['src/Modal.tsx'], css: ['assets/page.css'] },
    'src/Modal.tsx': { file: 'assets/modal.js' },
    'src/Pane.tsx': { file: 'assets/pane.js', imports: ['_shared.js'] },
    'src/locales/en/common.json': { file: 'assets/common.js' },
    'src/locales/en/page.json': { file: 'assets/page-texts.js' },
  };
  const bytes = { 'assets/index.js': 1024, 'assets/vendor.js': 2048, 'assets/shared.js': 1024, 'assets/page.js': 512, 'assets/modal.js': 99_999, 'assets/pane.js': 1024, 'assets/common.js': 256, 'assets/page-texts.js': 256 };
  const sizes = routeSizes({
    manifest,
    routes: new Map([['Page', 'src/Page.tsx']]),
    namespaces: { shell: ['common'], pages: new Map([['Page', ['page']]]) },
    gzipOf: (file) => bytes[file],
    parts: { 'Page, pane open': { route: 'Page', modules: ['src/Pane.tsx'] } },
  });

  it('counts the entry, the page, the chunks they import (once) and the boot translations, not what is fetched later', () => {
    assert.equal(sizes.get('(entry)'), (1024 + 2048 + 256) / 1024);
    assert.equal(sizes.get('Page'), (1024 + 2048 + 1024 + 512 + 256 + 256) / 1024);
    assert.equal(sizes.get('Page, pane open'), (1024 + 2048 + 1024 + 512 + 1024 + 256 + 256) / 1024);
  });

  it('refuses a route whose page the build does not have', () => {
    assert.throws(
      () => routeSizes({ manifest, routes: new Map([['Gone', 'src/Gone.tsx']]), namespaces: { shell: [], pages: new Map() }, gzipOf: () => 0 }),
      /no src\/Gone.tsx/,
    );
  });
});

describe('overBudget', () => {
  it('names the routes over their own budget or the default one', () => {
    const sizes = new Map([['(entry)', 999], ['Inbox', 200.1], ['Files', 300], ['Tasks', 300.5]]);
    assert.deepEqual(overBudget(sizes, { Inbox: 200, '*': 300 }), [
      'Inbox: 200.1 kB gzip, over its budget of 200 kB',
      'Tasks: 300.5 kB gzip, over its budget of 300 kB',
    ]);
    assert.deepEqual(overBudget(sizes, { Inbox: 201, '*': 301 }), []);
  });
});

describe('route-budget.mjs --check', () => {
  const dist = mkdtempSync(join(tmpdir(), 'route-budget-'));
  after(() => rmSync(dist, { recursive: true, force: true }));

  /** A build with every page of pages.ts, each file `bytesOf(key)` incompressible bytes. */
  function build(bytesOf) {
    const manifest = { 'index.html': { file: 'assets/index.js', isEntry: true } };
    const keys = [...new Set(pageModules(inlineLazyLoaders(read('src/app/router/pages.ts'), 'src/app/router/pages.ts', read), toKey).values())];
    const { shell, pages } = bootNamespaces(read('src/app/i18n/i18n.ts'), read('src/app/router/preload.ts'));
    const locales = [...new Set([...shell, ...[...pages.values()].flat()])].map((ns) => `src/locales/en/${ns}.json`);
    const parts = Object.values(OPENED_PARTS).flatMap((p) => p.modules);
    [...keys, ...locales, ...parts].forEach((key, i) => (manifest[key] = { file: `assets/c${i}.js` }));
    mkdirSync(join(dist, '.vite'), { recursive: true });
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    for (const [key, { file }] of Object.entries(manifest)) writeFileSync(join(dist, file), randomBytes(bytesOf(key)));
  }
  const check = () => spawnSync(process.execPath, [SCRIPT, '--check', '--dist', dist], { encoding: 'utf8' });

  it('passes a build within its budgets', () => {
    build(() => 100);
    const run = check();
    assert.equal(run.status, 0, run.stderr);
  });

  it('fails when the inbox page is over its budget, naming it', () => {
    build((key) => (key.includes('InboxPage') ? (BUDGETS.Inbox + 1) * 1024 : 100));
    const run = check();
    assert.equal(run.status, 1);
    assert.match(run.stderr, /^Inbox: [\d.]+ kB gzip, over its budget of \d+ kB$/m);
  });

  it('fails when any other route is over its budget', () => {
    build((key) => (key.includes('FilesPage') ? ((BUDGETS.Files ?? BUDGETS['*']) + 1) * 1024 : 100));
    const run = check();
    assert.equal(run.status, 1);
    assert.match(run.stderr, /^Files: /m);
    assert.doesNotMatch(run.stderr, /^Inbox: /m);
  });
});

describe('inlineLazyLoaders', () => {
  it("writes a feature's lazy.ts loaders into pages.ts as its own, relative to pages.ts", () => {
    const files = {
      'src/features/inbox/lazy.ts': "export const loadInboxPage = () => import('./pages/InboxPage');\nexport const loadOther = () => import('./Other');\n",
    };
    const pages = "import { loadInboxPage } from '../../features/inbox/lazy';\nconst inbox = page(loadInboxPage, 'InboxPage');\n";
    const out = inlineLazyLoaders(pages, 'src/app/router/pages.ts', (p) => files[p]);
    assert.match(out, /const loadInboxPage = \(\) => import\('\.\.\/\.\.\/features\/inbox\/pages\/InboxPage'\);/);
    assert.doesNotMatch(out, /loadOther/);
  });
});
