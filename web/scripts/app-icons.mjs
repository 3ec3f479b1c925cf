// Draws the install icons of manifest.webmanifest from the logo (public/favicon.svg) with
// Chromium: public/icons/icon-192.png and icon-512.png (the rounded logo on a clear ground)
// and icon-maskable-512.png (full bleed, the mark inside the maskable safe zone).
//   node scripts/app-icons.mjs      (PORTICO_CHROMIUM names the browser, default /usr/bin/chromium)
import { mkdirSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const logo = readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8');
const mark = /<path[^>]*\/>/.exec(logo)?.[0];
const ground = /fill="(#[0-9a-f]{6})"/i.exec(logo)?.[1];
if (!mark || !ground) throw new Error('public/favicon.svg: no logo path or colour found');
// The maskable icon: the ground fills the square, the mark shrinks into the inner 80 %.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${ground}"/><g transform="translate(16 16) scale(0.72) translate(-16 -16)">${mark}</g></svg>`;

const out = new URL('../public/icons/', import.meta.url);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.PORTICO_CHROMIUM ?? '/usr/bin/chromium' });
const page = await browser.newPage();
for (const [name, svg, size] of [
  ['icon-192.png', logo, 192],
  ['icon-512.png', logo, 512],
  ['icon-maskable-512.png', maskable, 512],
]) {
  await page.setViewportSize({ width: size, height: size });
  const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
  await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
  await page.locator('svg').screenshot({ path: new URL(name, out).pathname, omitBackground: true });
}
await browser.close();
