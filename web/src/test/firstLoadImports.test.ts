/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { webSrc } from './featureBoundaries';

// Imports that put code into every route's first load for nothing it shows
// (docs/decisions/0154-first-load-imports.md). Each rule: what it finds and what to use instead.
const RULES: readonly { readonly pattern: RegExp; readonly instead: string }[] = [
  {
    // antd's grid index imports Row and Col with their styles
    pattern: /import\s*\{[^}]*\bGrid\b[^}]*\}\s*from\s*'antd'/,
    instead: 'useBreakpoint from shared/hooks/useBreakpoint, not Grid from antd',
  },
  {
    // a language's dates load with its translations (loadDateLocale)
    pattern: /^import\s[^;]*'dayjs\/locale\/|^import\s+'dayjs\/locale\//m,
    instead: 'loadDateLocale from app/i18n/dates, not a static dayjs/locale import',
  },
];

/** The rule breaks in a source file's text, as "line: what to use instead". */
export function firstLoadViolations(source: string): string[] {
  const found: string[] = [];
  for (const rule of RULES) {
    const at = rule.pattern.exec(source);
    if (at) found.push(`${source.slice(0, at.index).split('\n').length}: ${rule.instead}`);
  }
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'gql' ? [] : sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe('first-load imports', () => {
  it('no source file imports what the first load does not need', () => {
    const broken = sources(webSrc).flatMap((file) =>
      firstLoadViolations(readFileSync(file, 'utf8')).map((v) => `${relative(webSrc, file)}:${v}`),
    );
    expect(broken).toEqual([]);
  });

  it('finds Grid from antd and a static dayjs locale, and lets the loaders be', () => {
    expect(firstLoadViolations("import { Button, Grid, theme } from 'antd';")).toHaveLength(1);
    expect(firstLoadViolations("import dayjs from 'dayjs';\nimport 'dayjs/locale/fi';")).toEqual([
      '2: loadDateLocale from app/i18n/dates, not a static dayjs/locale import',
    ]);
    expect(firstLoadViolations("import fi from 'dayjs/locale/fi';")).toHaveLength(1);
    expect(firstLoadViolations("const load = () => import('dayjs/locale/fi');\nimport { GridLines } from './grid';")).toEqual([]);
  });
});
