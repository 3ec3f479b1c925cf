// The CSV export of a run analytics table (RFC 4180): the columns the table shows, with the
// numbers it shows (days rounded to one decimal, as insightsFigures gives them), a dot for the
// decimal point so that any spreadsheet reads them, and a byte-order mark so that Excel reads
// the names in UTF-8.

export type CsvCell = string | number | null | undefined;

/** Quotes a cell when it holds a separator, a quote or a line break; neutralises formulas. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  // a name a spreadsheet would run as a formula (=, +, -, @, tab, carriage return) is kept as text
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The table as CSV text: the header, then one line per row, CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((line) => line.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** A file name for an export: the words given, lower-case, joined by dashes. */
export function csvFileName(...parts: readonly string[]): string {
  const words = parts
    .join(' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${words || 'export'}.csv`;
}

/** Offers the CSV to the browser as a download. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
