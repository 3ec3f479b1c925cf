import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, toCsv } from './insightsCsv';

describe('the CSV export', () => {
  it('writes a header and a line per row with CRLF ends', () => {
    expect(toCsv(['Workflow', 'Version', 'Median (days)'], [['Month-end closing', 1, 2.5], ['VAT return', 2, null]])).toBe(
      'Workflow,Version,Median (days)\r\nMonth-end closing,1,2.5\r\nVAT return,2,\r\n',
    );
  });

  it('quotes separators, quotes and line breaks', () => {
    expect(csvCell('Payroll, monthly')).toBe('"Payroll, monthly"');
    expect(csvCell('The "big" close')).toBe('"The ""big"" close"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('Kuukausipalkat')).toBe('Kuukausipalkat');
  });

  it('keeps names a spreadsheet would run as formulas as text', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@sum')).toBe("'@sum");
    expect(csvCell(-5)).toBe('-5');
  });

  it('writes numbers with a dot and leaves what is missing empty', () => {
    expect(csvCell(1.5)).toBe('1.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('names the file by its words', () => {
    expect(csvFileName('Run analytics', 'Month-end closing', '2026-06-07', '2026-12-06')).toBe(
      'run-analytics-month-end-closing-2026-06-07-2026-12-06.csv',
    );
    expect(csvFileName('Körningsanalys', 'Löner')).toBe('korningsanalys-loner.csv');
    expect(csvFileName('')).toBe('export.csv');
  });
});
