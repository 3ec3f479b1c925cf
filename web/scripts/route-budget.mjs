// The JavaScript each route loads before its first render, from the build manifest
// (dist/.vite/manifest.json), gzip-compressed: the entry and the chunks it imports, the
// route's page chunk and the chunks that one imports, and the translations loaded at boot
// for it (English). Chunks a page fetches later (import() of a modal) are not counted; a
// part an address opens on the first render (the thread pane of /inbox/:id) is counted as
// a route of its own ("Inbox, thread open"). Prints every route; with --check, fails when
// a route is over its budget.
//   node scripts/route-budget.mjs [--check] [--dist <dir>]
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const WEB = fileURLToPath(new URL('..', import.meta.url));

// kB gzip: the sizes the routes reached (issue 30), with 2 to 3 kB of room. Raise one only
// with the reason in the commit: a route's first render is what people wait for. The issue
// asks 200 for the inbox and 300 for any route; the shell alone (React, React Router, Apollo,
// i18next and antd's core with the shell's menu) is 295 with its translations, and every route
// carries it (docs/decisions/0154-first-load-imports.md).
export const BUDGETS = {
  Inbox: 372,
  'Inbox, thread open': 447,
  Tasks: 418,
  'Tasks, thread open': 493,
  Files: 424,
  Login: 352,
  '*': 611,
};

/** Parts a route's address opens on its first render (OPENED_PARTS of src/app/router/preload.ts), measured as routes of their own. */
export const OPENED_PARTS = {
  'Inbox, thread open': { route: 'Inbox', modules: ['src/features/thread/components/ThreadPane.tsx'] },
  'Tasks, thread open': { route: 'Tasks', modules: ['src/features/thread/components/ThreadPane.tsx'] },
};

/**
 * Route name -> page module (a path under web/, as the manifest names it), read from
 * src/app/router/pages.ts: `Name: page(() => import('...'), 'Export')`, or a loader or page
 * kept in a const first. Routes that render nothing of their own (Forwarding) are left out.
 */
export function pageModules(pagesSource, resolveModule) {
  const loaders = new Map();
  for (const [, name, spec] of pagesSource.matchAll(/const (\w+) = \(\) => import\('([^']+)'\)/g)) loaders.set(name, spec);
  const loaderSpec = (inline, named) => inline ?? loaders.get(named);
  const call = String.raw`page\(\s*(?:\(\) => import\('([^']+)'\)|(\w+)),\s*'\w+',?\s*\)`;
  const pages = new Map();
  for (const m of pagesSource.matchAll(new RegExp(`const (\\w+) = ${call}`, 'g'))) pages.set(m[1], loaderSpec(m[2], m[3]));
  const table = pagesSource.slice(pagesSource.indexOf('PAGES: Record<RouteName'));
  const routes = new Map();
  for (const m of table.matchAll(new RegExp(`^\\s*(\\w+): (?:${call}|(\\w+)),`, 'gm'))) {
    const spec = m[2] || m[3] ? loaderSpec(m[2], m[3]) : pages.get(m[4]);
    if (spec) routes.set(m[1], resolveModule(spec));
  }
  return routes;
}

/**
 * pages.ts takes its page loaders from the features' lazy.ts files
 * (`import { loadInboxPage } from '../../features/inbox/lazy'`, where lazy.ts holds
 * `export const loadInboxPage = () => import('./pages/InboxPage')`): each such loader is written
 * into the source as pages.ts's own `const loadInboxPage = () => import('../../features/inbox/pages/InboxPage')`,
 * the form pageModules reads. read(path) gives a file under web/ by its path.
 */
export function inlineLazyLoaders(pagesSource, pagesFile, read) {
  const lines = [];
  for (const [, names, spec] of pagesSource.matchAll(/import \{([^}]+)\} from '([^']+\/lazy)'/g)) {
    const lazyFile = posix.join(dirname(pagesFile), `${spec}.ts`);
    const wanted = new Set(names.split(',').map((n) => n.trim()).filter(Boolean));
    for (const [, name, target] of read(lazyFile).matchAll(/export const (\w+) = \(\) => import\('([^']+)'\)/g)) {
      if (!wanted.has(name)) continue;
      let rel = posix.relative(dirname(pagesFile), posix.join(dirname(lazyFile), target));
      if (!rel.startsWith('.')) rel = `./${rel}`;
      lines.push(`const ${name} = () => import('${rel}');`);
    }
  }
  return `${lines.join('\n')}\n${pagesSource}`;
}

/** The translation namespaces loaded at boot: the shell's, and per route its page's. */
export function bootNamespaces(i18nSource, preloadSource) {
  const list = (text) => [...text.matchAll(/'(\w+)'/g)].map((m) => m[1]);
  const shell = list(/SHELL_NAMESPACES = \[([^\]]*)\]/.exec(i18nSource)?.[1] ?? '');
  const block = /PAGE_NAMESPACES[^=]*= \{([\s\S]*?)\n\};/.exec(preloadSource)?.[1] ?? '';
  const pages = new Map([...block.matchAll(/^\s*(\w+): \[([^\]]*)\]/gm)].map((m) => [m[1], list(m[2])]));
  return { shell, pages };
}

/**
 * kB gzip per route: manifest is Vite's, routes route -> page module, namespaces the boot
 * namespaces per route (plus the shell's), gzipOf(file) the compressed size of a built file.
 */
export function routeSizes({ manifest, routes, namespaces, gzipOf, parts = {} }) {
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('the manifest has no entry');
  const closure = (keys) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      (manifest[key].imports ?? []).forEach(visit);
    };
    keys.forEach(visit);
    return seen;
  };
  const locale = (ns) => `src/locales/en/${ns}.json`;
  const kB = (keys) => [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipOf(f), 0) / 1024;
  const sizes = new Map();
  const present = (key, name) => {
    if (!manifest[key]) throw new Error(`the manifest has no ${key} (route ${name})`);
    return key;
  };
  const boot = (name) => [...namespaces.shell, ...(namespaces.pages.get(name) ?? [])].map((ns) => present(locale(ns), name));
  sizes.set('(entry)', kB(closure([entryKey, ...boot('(entry)')])));
  for (const [name, module] of routes) sizes.set(name, kB(closure([entryKey, present(module, name), ...boot(name)])));
  for (const [name, part] of Object.entries(parts)) {
    const module = present(routes.get(part.route) ?? `the page of ${part.route}`, name);
    sizes.set(name, kB(closure([entryKey, module, ...part.modules.map((m) => present(m, name)), ...boot(part.route)])));
  }
  return sizes;
}

/** The routes over budget, as lines to print. */
export function overBudget(sizes, budgets) {
  const over = [];
  for (const [name, size] of sizes) {
    if (name.startsWith('(')) continue;
    const limit = budgets[name] ?? budgets['*'];
    if (size > limit) over.push(`${name}: ${size.toFixed(1)} kB gzip, over its budget of ${limit} kB`);
  }
  return over;
}

export function main(args) {
  const distAt = args.indexOf('--dist');
  const dist = distAt >= 0 ? args[distAt + 1] : join(WEB, 'dist');
  const manifestFile = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    console.error(`${manifestFile} is missing: run npm run build first`);
    return 1;
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const read = (path) => readFileSync(join(WEB, path), 'utf8');
  const pagesFile = 'src/app/router/pages.ts';
  const resolveModule = (spec) => {
    const base = posix.join(dirname(pagesFile), spec);
    return [`${base}.tsx`, `${base}.ts`, `${base}/index.ts`, `${base}/index.tsx`].find((k) => manifest[k]) ?? `${base}.tsx`;
  };
  const routes = pageModules(inlineLazyLoaders(read(pagesFile), pagesFile, read), resolveModule);
  const namespaces = bootNamespaces(read('src/app/i18n/i18n.ts'), read('src/app/router/preload.ts'));
  const cache = new Map();
  const gzipOf = (file) => {
    if (!cache.has(file)) cache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
    return cache.get(file);
  };
  const sizes = routeSizes({ manifest, routes, namespaces, gzipOf, parts: OPENED_PARTS });
  for (const [name, size] of [...sizes].sort((a, b) => b[1] - a[1])) {
    const limit = name.startsWith('(') ? '' : `  (budget ${BUDGETS[name] ?? BUDGETS['*']})`;
    console.log(`${size.toFixed(1).padStart(8)} kB gzip  ${name}${limit}`);
  }
  // The last line is the inbox's (scripts/lighthouse.mjs reads it).
  console.log(`${sizes.get('Inbox')?.toFixed(1).padStart(8)} kB gzip  initial JS of the inbox route`);
  if (!args.includes('--check')) return 0;
  const over = overBudget(sizes, BUDGETS);
  over.forEach((line) => console.error(line));
  return over.length > 0 ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
