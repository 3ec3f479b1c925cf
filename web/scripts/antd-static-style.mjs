#!/usr/bin/env node
// Prints the CSS antd would compute in the browser for the given components under the
// app's theme, with antd's cache map, so that the browser takes the styles from the
// stylesheet instead of computing them (antd's static extraction). Run by vite.config.ts
// at build time with NODE_ENV=production (the class hashes differ in development).
//
//   node scripts/antd-static-style.mjs '<theme JSON>' Button,Typography,...

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { extractStyle } = require('@ant-design/static-style-extract');
const { createElement } = require('react');
const { ConfigProvider } = require('antd');

const [themeJson, components] = process.argv.slice(2);
if (!themeJson || !components) {
  console.error('usage: antd-static-style.mjs <theme JSON> <Component,Component,...>');
  process.exit(2);
}
const theme = JSON.parse(themeJson);

// antd warns about deprecated components it renders itself while extracting.
console.error = () => {};
console.warn = () => {};

process.stdout.write(
  extractStyle({
    customTheme: (node) => createElement(ConfigProvider, { theme }, node),
    includes: components.split(','),
  }),
);
