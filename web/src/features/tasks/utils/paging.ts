/** A next page joined to the loaded rows; a row already loaded (moved since) is not repeated. */
export function appendPage<T extends { readonly uuid: string }>(loaded: readonly T[], page: readonly T[]): T[] {
  const seen = new Set(loaded.map((row) => row.uuid));
  return [...loaded, ...page.filter((row) => !seen.has(row.uuid))];
}
