import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { theme } from './src/app/theme/theme.ts';

const outDir = fileURLToPath(new URL('./dist', import.meta.url));
// The UI version the bundle reports (src/app/version.ts) is package.json's; the Go server
// announces the same in x-ui-version (api.UIVersion, checked by api's TestUIVersionIsTheWebPackages).
const uiVersion = (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }).version;
// The Go server the dev server and `vite preview` forward API calls to.
const backend = process.env.PORTICO_API_URL ?? 'http://127.0.0.1:8080';

// The Go binary embeds web/dist; git keeps the folder alive through dist/.keep,
// which emptyOutDir removes on every build. Put it back once the bundle is written.
function keepDistMarker(): Plugin {
  return {
    name: 'portico-keep-dist-marker',
    apply: 'build',
    closeBundle() {
      writeFileSync(`${outDir}/.keep`, '');
    },
  };
}

// The antd components the shell, the inbox and the tasks table show on a first load.
// Their CSS comes from a built stylesheet; any other component computes its own at
// runtime as before (antd falls back by itself when a style is not in the stylesheet).
const STATIC_STYLE_COMPONENTS = [
  'App', 'Alert', 'Avatar', 'Badge', 'Button', 'Checkbox', 'Divider', 'Dropdown', 'Empty', 'Flex',
  'Input', 'Layout', 'Menu', 'Popover', 'Radio', 'Result', 'Select', 'Skeleton', 'Space', 'Spin',
  'Tabs', 'Tag', 'Tooltip', 'Typography', 'notification', 'message',
];

// antd computes each component's CSS in the browser the first time it renders (CSS in
// JS); on the inbox's first load that was the largest part of the main thread's work
// (70-180 ms in a CPU profile). The build extracts the CSS of the common components
// under the app's theme (@ant-design/static-style-extract, antd's own tool) into a
// stylesheet with antd's cache map, and index.html links it: the browser then reads those
// styles instead of computing them. The theme must be the one App.tsx passes
// (reduced motion changes a token: such visitors compute styles as before).
function antdStaticStyle(): Plugin {
  let fileName = '';
  let css = '';
  return {
    name: 'portico-antd-static-style',
    apply: 'build',
    buildStart() {
      css = execFileSync(
        process.execPath,
        [fileURLToPath(new URL('./scripts/antd-static-style.mjs', import.meta.url)), JSON.stringify(theme), STATIC_STYLE_COMPONENTS.join(',')],
        { env: { ...process.env, NODE_ENV: 'production' }, encoding: 'utf8', maxBuffer: 64 << 20 },
      );
      fileName = `assets/antd-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: css });
    },
    transformIndexHtml() {
      return [{ tag: 'link', attrs: { rel: 'stylesheet', href: `/${fileName}` }, injectTo: 'head' }];
    },
  };
}

// graphql-codegen's client preset finds a document through one map of every operation
// (src/gql/gql.ts), so a first visit loaded all of them. The build puts in place of each
// graphql(`...`) call an import of a module holding that one document (its line of the
// generated src/gql/graphql.ts), so each page's chunk carries only its own documents (what
// the preset's babel plugin does). A document the generated file lacks fails the build.
function graphqlDocumentModules(): Plugin {
  const generated = fileURLToPath(new URL('./src/gql/graphql.ts', import.meta.url));
  const prefix = 'virtual:portico-gql/';
  // \x60 is the backtick of the template literal.
  const call = /\bgraphql\(\s*\x60\s*(query|mutation|subscription|fragment)\s+(\w+)[^\x60]*\x60\s*\)/g;
  return {
    name: 'portico-graphql-document-modules',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return null;
      const name = id.slice(prefix.length + 1);
      const line = readFileSync(generated, 'utf8')
        .split('\n')
        .find((l) => l.startsWith(`export const ${name} = {`));
      const document = line?.match(/^export const \w+ = (\{.*\}) as unknown as DocumentNode<.*>;$/)?.[1];
      if (!document) this.error(`src/gql/graphql.ts has no ${name}: run npm run codegen`);
      return `export default ${document};`;
    },
    transform(code, id) {
      if (!/\/src\/.*\.tsx?$/.test(id) || id.includes('/src/gql/')) return null;
      const documents = new Set<string>();
      let replaced = code.replace(call, (_call, kind: string, name: string) => {
        const document = kind === 'fragment' ? `${name}FragmentDoc` : `${name}Document`;
        documents.add(document);
        return `__gql_${document}`;
      });
      if (documents.size === 0) return null;
      // With every call replaced, the map's module is not imported at all (verbatimModuleSyntax keeps unused imports).
      if (!/\bgraphql\(/.test(replaced)) replaced = replaced.replace(/^import \{ graphql \} from '[./]+\/gql';$/m, '');
      const imports = [...documents].map((d) => `import __gql_${d} from '${prefix}${d}';`);
      return { code: `${imports.join('\n')}\n${replaced}`, map: null };
    },
  };
}

// antd's form/context.js, which every Tooltip, Dropdown and Button reaches (through
// ContextIsolator and Compact), imports FormProvider from @rc-component/form's index; that
// index hangs Field, List and useForm on the Form component, statements the bundle cannot
// drop, so the shell carried the whole form library and its validator (about 40 kB raw).
// Point that one import at the module that defines FormProvider: the index re-exports the
// same module, so a page with a Form shares its context.
// Radio.Group (the inbox's tabs) takes one helper, toNamePathStr, from form/hooks/useForm,
// which imports that index too (14 kB gzip on the inbox's first load): it gets the helper
// from a module of its own, the same function on form/util's toArray.
const RADIO_NAME_PATH = '\0portico-antd-radio-name-path';
function antdFormImports(): Plugin {
  return {
    name: 'portico-antd-form-imports',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      if (source === '@rc-component/form' && /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) {
        return this.resolve('@rc-component/form/es/FormContext', importer, { skipSelf: true });
      }
      if (source === '../form/hooks/useForm' && /[\\/]antd[\\/]es[\\/]radio[\\/]group\.js$/.test(importer)) return RADIO_NAME_PATH;
      return null;
    },
    load(id) {
      if (id !== RADIO_NAME_PATH) return null;
      return "import { toArray } from 'antd/es/form/util';\nexport const toNamePathStr = (name) => toArray(name).join('_');\n";
    },
  };
}

// antd components that import, for a rare case, a component the app's first renders never
// show: that component is loaded lazily instead (a chunk of its own, fetched when it first
// renders), keyed by the importing module and its import.
// - Every Typography (Text, Title, Link) imports its editing box, antd's TextArea, though it
//   renders only while a Typography with the editable prop is being edited, which no screen
//   does (7 kB gzip on the inbox's first load); likewise its edit icon (editable) and its copy
//   button with its icons (copyable, which no screen uses: shared/ui/CopyButton copies), 1 kB.
// - App.useApp() only reads App's context (which AppFeedback provides), but App's module
//   imports the Modal, notification and message holders that its component renders, and the
//   app never renders antd's App: 19 kB gzip on the thread pane's first load.
// - Every Table's Pagination imports Select for its page-size picker, and every Card Tabs for
//   its tab list: 17 and 11 kB gzip on the files page's first load, though its table shows no
//   size picker and no card has tabs.
const LAZY_DEFAULTS = [
  { importer: /[\\/]antd[\\/]es[\\/]typography[\\/]Base[\\/]index\.js$/, source: '../Editable', module: 'antd/es/typography/Editable' },
  { importer: /[\\/]antd[\\/]es[\\/]typography[\\/]Base[\\/]index\.js$/, source: './CopyBtn', module: 'antd/es/typography/Base/CopyBtn' },
  {
    importer: /[\\/]antd[\\/]es[\\/]typography[\\/]Base[\\/]index\.js$/,
    source: '@ant-design/icons/es/icons/EditOutlined',
    module: '@ant-design/icons/es/icons/EditOutlined',
  },
  { importer: /[\\/]antd[\\/]es[\\/]app[\\/]index\.js$/, source: './App', module: 'antd/es/app/App' },
  { importer: /[\\/]antd[\\/]es[\\/]pagination[\\/]Pagination\.js$/, source: '../select', module: 'antd/es/select' },
  { importer: /[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/, source: '../tabs', module: 'antd/es/tabs' },
];
const LAZY_PREFIX = '\0portico-lazy-default:';
function antdLazyDefaults(): Plugin {
  return {
    name: 'portico-antd-lazy-defaults',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const rule = importer ? LAZY_DEFAULTS.find((r) => r.source === source && r.importer.test(importer)) : undefined;
      return rule ? `${LAZY_PREFIX}${rule.module}` : null;
    },
    load(id) {
      if (!id.startsWith(LAZY_PREFIX)) return null;
      return [
        "import { createElement, lazy, Suspense } from 'react';",
        `const Component = lazy(() => import(${JSON.stringify(id.slice(LAZY_PREFIX.length))}));`,
        'export default (props) => createElement(Suspense, { fallback: null }, createElement(Component, props));',
      ].join('\n');
    },
  };
}

// antd's click wave (Button, Checkbox, Radio, ...) draws its ring through a module of its own
// (WaveEffect, with a React root of its own) that runs only when something is clicked: 1 kB gzip
// in every first load. It is a chunk fetched once the page has loaded and the browser is idle, so
// a first click finds it; a click before then draws the ring once it is here.
const WAVE_EFFECT = '\0portico-antd-wave-effect';
function antdWaveEffect(): Plugin {
  return {
    name: 'portico-antd-wave-effect',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === './WaveEffect' && importer && /[\\/]antd[\\/]es[\\/]_util[\\/]wave[\\/]useWave\.js$/.test(importer) ? WAVE_EFFECT : null;
    },
    load(id) {
      if (id !== WAVE_EFFECT) return null;
      return [
        'let loading;',
        "const load = () => (loading ??= import('antd/es/_util/wave/WaveEffect').then((m) => m.default, (error) => { loading = undefined; throw error; }));",
        "if (typeof window !== 'undefined') {",
        '  const idle = window.requestIdleCallback ?? ((run) => window.setTimeout(run, 1));',
        '  const start = () => idle(() => void load().catch(() => undefined), { timeout: 5000 });',
        "  if (document.readyState === 'complete') start();",
        "  else window.addEventListener('load', start, { once: true });",
        '}',
        'export default (target, info) => void load().then((show) => show(target, info), () => undefined);',
      ].join('\n');
    },
  };
}

// @ant-design/charts-util (the run analytics charts) renders its tooltips and loading
// states through a module that imports react-dom and react-dom/client with import(): the
// shell's chunk then had to carry those modules' namespace objects for it (0.4 kB gzip on
// the inbox's first load), though the charts load later. The same two functions on the
// createRoot the shell has already (React 19 has no legacy render).
const CHARTS_RENDER = '\0portico-charts-util-render';
function chartsUtilRender(): Plugin {
  return {
    name: 'portico-charts-util-render',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[\\/]@ant-design[\\/]charts-util[\\/]es[\\/](rc|react)[\\/]/.test(importer)) return null;
      return source === '../react/render' || source === './render' ? CHARTS_RENDER : null;
    },
    load(id) {
      if (id !== CHARTS_RENDER) return null;
      return [
        "import { createRoot } from 'react-dom/client';",
        "const MARK = '__rc_react_root__';",
        'export function render(node, container) {',
        '  if (!container[MARK]) container[MARK] = createRoot(container);',
        '  container[MARK].render(node);',
        '  return Promise.resolve();',
        '}',
        'export function unmount(container) {',
        '  container[MARK]?.unmount();',
        '  delete container[MARK];',
        '  return Promise.resolve();',
        '}',
      ].join('\n');
    },
  };
}

// The charts' libraries (@antv/*) take many tslib helpers (__awaiter, __generator, ...) from
// tslib's one module, which the shell carries for its own few: the shared module then kept
// every helper the charts use (0.8 kB on the inbox's first load). They get tslib's other ESM
// file, the same helpers as a module of their own, which stays in the charts' chunk.
function chartsTslib(): Plugin {
  return {
    name: 'portico-charts-tslib',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'tslib' || !importer || !/[\\/]node_modules[\\/]@(antv|ant-design[\\/](plots|charts-util))[\\/]/.test(importer)) return null;
      return this.resolve('tslib/tslib.es6.js', importer, { skipSelf: true });
    },
  };
}

// The canvas (React Flow, through d3-zoom and d3-drag) and the charts (G2) share four small
// d3 packages; a module two lazy chunks share goes into a chunk of its own, which made every
// canvas page's first load 0.5 kB larger. The charts' libraries get the packages' other ESM
// build (dist/*.min.mjs, the same code minified), modules of their own that stay in the
// charts' chunk; the canvas keeps its d3 in its chunk as before.
const SHARED_D3 = new Set(['d3-color', 'd3-dispatch', 'd3-ease', 'd3-interpolate', 'd3-timer']);
const CANVAS_D3 = /[\\/]node_modules[\\/](@xyflow|d3-(zoom|drag|selection|transition|color|dispatch|ease|interpolate|timer))[\\/]/;
function chartsD3(): Plugin {
  return {
    name: 'portico-charts-d3',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !SHARED_D3.has(source)) return null;
      const ofCharts =
        /[\\/]node_modules[\\/]@antv[\\/]/.test(importer) ||
        /\.min\.mjs$/.test(importer) ||
        (/[\\/]node_modules[\\/]d3-/.test(importer) && !CANVAS_D3.test(importer));
      if (!ofCharts) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved && /\.mjs$/.test(resolved.id) ? resolved.id.replace(/\.mjs$/, '.min.mjs') : null;
    },
  };
}

// Vite lists, for every import() of a page, all the chunks that page needs, and the entry
// carries those lists (__vite__mapDeps). The chunks the entry itself imports are loaded
// before any of its code runs (index.html preloads them), so listing them again is only
// bytes in the first load: the lists keep the chunks not yet loaded.
const firstLoadChunks = new Set<string>();
function firstLoadChunkList(): Plugin {
  return {
    name: 'portico-first-load-chunks',
    apply: 'build',
    // Before vite:build-import-analysis writes the lists (its generateBundle runs later).
    generateBundle(_options, bundle) {
      firstLoadChunks.clear();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (firstLoadChunks.has(fileName) || chunk?.type !== 'chunk') return;
        firstLoadChunks.add(fileName);
        chunk.imports.forEach(visit);
      };
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
    },
  };
}

// The .test.ts files that need a DOM (window, storage, hooks rendered with Testing Library).
const DOM_UNIT_TESTS = [
  'src/app/apollo/client.test.ts',
  'src/app/router/guards.test.ts',
  'src/app/router/useVersionAtNavigation.test.ts',
  'src/app/session/initApi.test.ts',
  'src/features/attachments-admin/utils/undoOffers.test.ts',
  'src/features/customer-info/utils/ssoSettings.test.ts',
  'src/features/files/hooks/useUploadQueue.test.ts',
  'src/features/files/utils/abilities.test.ts',
  'src/features/files/utils/uploadQueue.test.ts',
  'src/features/task-list/bulk/hooks/useViewSelection.test.ts',
  'src/features/tasks/utils/utils.test.ts',
  'src/features/thread/utils/drafts.test.ts',
  'src/features/thread/utils/messageHtml.test.ts',
  'src/features/thread/utils/multipartUpload.test.ts',
  'src/features/thread/utils/reply.test.ts',
  'src/features/thread/utils/uploadQueue.test.ts',
  'src/shared/realtime/realtimeClient.test.ts',
];

// The jsdom files share one module registry and window per worker (isolate: false): importing
// antd, Apollo and the app's modules again for each of the ~140 files was most of the run's CPU.
// A file that replaces a module with vi.mock needs a registry of its own (another file may have
// imported the real one first), so those are found here and run isolated; setup.ts clears the
// storage and the document between files.
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}
const MOCKING_DOM_TESTS = testFiles('src').filter(
  (f) => (f.endsWith('.tsx') || DOM_UNIT_TESTS.includes(f)) && readFileSync(f, 'utf8').includes('vi.mock('),
);

export default defineConfig({
  define: { __PORTICO_UI_VERSION__: JSON.stringify(uiVersion) },
  plugins: [graphqlDocumentModules(), antdFormImports(), antdLazyDefaults(), antdWaveEffect(), chartsUtilRender(), chartsTslib(), chartsD3(), react(), keepDistMarker(), antdStaticStyle(), firstLoadChunkList()],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each page imports, for the size budgets (scripts/route-budget.mjs).
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/]/ }],
        },
      },
    },
    modulePreload: {
      // No polyfill (0.4 kB gzip in every first load): a browser without <link rel="modulepreload">
      // (Safari before 17) still loads each chunk through its import, only a little later.
      polyfill: false,
      // index.html's own preload links (host html) keep them all.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? deps.filter((dep) => !firstLoadChunks.has(dep)) : deps),
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: backend, ws: true },
      '/graphql': backend,
      '/auth': backend,
    },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    proxy: {
      '/api': { target: backend, ws: true },
      '/graphql': backend,
      '/auth': backend,
    },
  },
  test: {
    setupFiles: ['./src/test/setup.ts'],
    // Two projects: components and DOM-touching helpers in jsdom; the pure .ts helpers in
    // Node. Building a jsdom for each of the ~70 pure files cost more than their tests (its
    // setup was about 280 s of a 4-minute run). A pure file that comes to need the DOM fails
    // with "document is not defined": add it to DOM_UNIT_TESTS.
    projects: [
      {
        extends: true,
        test: { name: 'dom', environment: 'jsdom', include: ['src/**/*.test.tsx', ...DOM_UNIT_TESTS], exclude: MOCKING_DOM_TESTS, isolate: false },
      },
      { extends: true, test: { name: 'dom-mocks', environment: 'jsdom', include: MOCKING_DOM_TESTS } },
      { extends: true, test: { name: 'unit', environment: 'node', include: ['src/**/*.test.ts'], exclude: DOM_UNIT_TESTS } },
    ],
    css: false,
    // Node picks react-router's CommonJS build for `react-router` but the ESM one for
    // `react-router/dom`, which gives tests two router contexts. Use the ESM build for both.
    // Node loads antd's CommonJS build (lib/) for `antd`; a deep import of antd/es/ would be a
    // second copy with its own contexts (AppFeedback's App context), so take lib/ there too.
    alias: [
      { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/development/index.mjs', import.meta.url)) },
      { find: /^antd\/es\/(.*)$/, replacement: 'antd/lib/$1' },
    ],
    pool: 'threads',
    maxWorkers: 2,
    // jsdom with antd is slow on a loaded 2-core machine; a generous ceiling
    // keeps a busy CI from failing a test that is only waiting its turn
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
