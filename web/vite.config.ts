import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const outDir = fileURLToPath(new URL('./dist', import.meta.url));
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

export default defineConfig({
  plugins: [react(), keepDistMarker()],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
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
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Node picks react-router's CommonJS build for `react-router` but the ESM one for
    // `react-router/dom`, which gives tests two router contexts. Use the ESM build for both.
    alias: [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/development/index.mjs', import.meta.url)) }],
    pool: 'threads',
    maxWorkers: 2,
    // jsdom with antd is slow on a loaded 2-core machine; a generous ceiling
    // keeps a busy CI from failing a test that is only waiting its turn
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
