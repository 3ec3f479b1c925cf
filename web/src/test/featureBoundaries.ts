/// <reference types="node" />
// The import rule between web features (issue 32 item 4, docs/decisions/0126-feature-boundaries.md):
// a file outside features/<F>/ (another feature, app/, shared/) reaches features/<F>/ only through
// its public files, index.ts(x) (the feature's face) and lazy.ts (loaders of its on-demand chunks,
// `export const loadX = () => import('./x')` and nothing else); shared/ imports no feature at all.
// Sub-folders of a feature (features/workflows/canvas, ...) are that feature.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';

export interface Violation {
  readonly file: string;
  readonly line: number;
  readonly specifier: string;
  readonly reason: string;
}

/** The public files of a feature, by name (without the extension). */
export const PUBLIC_FILES = ['index', 'lazy'] as const;

// Static imports and re-exports (`import ... from`, `export ... from`, a bare `import '...'`),
// `import('...')` and `typeof import('...')`.
const IMPORT = /(?:\bfrom\s*|^\s*import\s+|\bimport\s*\(\s*)['"]([^'"]+)['"]/gm;

function sourceFiles(dir: string, root: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (relative(root, path).split(sep).join('/') !== 'gql') sourceFiles(path, root, out);
    } else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) {
      out.push(path);
    }
  }
  return out;
}

/** The feature a path under src/ belongs to, or null. */
function featureOf(path: string): string | null {
  const match = /^features\/([^/]+)\//.exec(path);
  return match?.[1] ?? null;
}

/** Checks one file's text; `file` is its path under src/, with forward slashes. */
export function checkFile(file: string, text: string): Violation[] {
  const violations: Violation[] = [];
  const own = featureOf(file);
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? '';
    if (!specifier.startsWith('.')) continue;
    const target = posix.normalize(posix.join(posix.dirname(file), specifier)).replace(/\.(tsx?|js)$/, '');
    const feature = featureOf(`${target}/`);
    if (feature === null || feature === own) continue;
    const line = text.slice(0, match.index).split('\n').length;
    const inside = target.slice(`features/${feature}/`.length);
    if (file.startsWith('shared/')) {
      violations.push({ file, line, specifier, reason: 'shared/ imports no feature' });
    } else if (target !== `features/${feature}` && !(PUBLIC_FILES as readonly string[]).includes(inside)) {
      violations.push({ file, line, specifier, reason: `import features/${feature} through its index.ts (or lazy.ts)` });
    }
  }
  if (/^features\/[^/]+\/lazy\.ts$/.test(file)) {
    // A loader file pulls nothing in statically, so importing it never grows a chunk.
    text.split('\n').forEach((lineText, index) => {
      if (/^\s*(import|export)\b/.test(lineText) && !/^export const load\w+ = \(\) => import\('\.\/[^']+'\);$/.test(lineText)) {
        violations.push({ file, line: index + 1, specifier: lineText.trim(), reason: 'lazy.ts holds only `export const loadX = () => import(...)` loaders' });
      }
    });
  }
  return violations;
}

/** Checks every .ts/.tsx under srcDir (web/src) except the generated gql/. */
export function checkTree(srcDir: string): Violation[] {
  return sourceFiles(srcDir, srcDir).flatMap((path) =>
    checkFile(relative(srcDir, path).split(sep).join('/'), readFileSync(path, 'utf8')),
  );
}

export function formatViolations(violations: readonly Violation[]): string {
  return violations.map((v) => `${v.file}:${v.line} ${v.specifier} (${v.reason})`).join('\n');
}

export const webSrc = join(dirname(new URL(import.meta.url).pathname), '..');
