// Prints the JavaScript a first visit loads before any page chunk: the entry script of
// dist/index.html and the modules it preloads, raw and gzip-compressed.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const html = readFileSync(`${dist}index.html`, 'utf8');
const files = [
  ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
].map((m) => m[1]);

let raw = 0;
let gzip = 0;
for (const file of new Set(files)) {
  const bytes = readFileSync(`${dist}${file}`);
  const packed = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzip += packed;
  console.log(`${(packed / 1024).toFixed(1).padStart(8)} kB gzip  ${file}`);
}
console.log(`${(gzip / 1024).toFixed(1).padStart(8)} kB gzip  initial JS total (${(raw / 1024).toFixed(0)} kB raw)`);
