/**
 * The version of this web client (package.json's, built in by vite.config.ts); the server
 * announces its own in x-ui-version (docs/decisions/0142-ui-version.md).
 */
export const CLIENT_VERSION: string = __PORTICO_UI_VERSION__;
export const VERSION_CHECK_INTERVAL_MS = 30_000;

function parts(version: string): number[] {
  return version
    .trim()
    .replace(/^v/i, '')
    .split(/[.+-]/)
    .slice(0, 3)
    .map((p) => Number.parseInt(p, 10))
    .map((n) => (Number.isFinite(n) ? n : 0));
}

/** Compares dotted versions numerically: negative when a < b, 0 when equal, positive when a > b. */
export function compareVersions(a: string, b: string): number {
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < 3; i += 1) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** True when the server runs a newer UI than this client (so the user must reload). */
export function isServerNewer(serverVersion: string | null | undefined, clientVersion = CLIENT_VERSION): boolean {
  if (!serverVersion || !serverVersion.trim()) return false;
  return compareVersions(serverVersion, clientVersion) > 0;
}
