/** A country's flag as its regional-indicator emoji (fi → 🇫🇮); empty for a code that is not two letters. */
export function flagOf(code: string): string {
  const c = code.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(c)) return '';
  return String.fromCodePoint(...[...c].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65));
}
