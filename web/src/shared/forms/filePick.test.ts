import { describe, expect, it } from 'vitest';
import { fileExtension, fileProblem, maxBytes, pickFiles, truncateFileName } from './filePick';

const file = (name: string, size = 10) => ({ name, size });

describe('file picker rules', () => {
  it('counts the size limit in 1024 or 1000, multiplied again by 1024', () => {
    expect(maxBytes(5)).toBe(5 * 1024 * 1024);
    expect(maxBytes(5, 1000)).toBe(5 * 1000 * 1024);
    expect(fileProblem(file('a.pdf', 5 * 1000 * 1024 + 1), { maxSize: 5, sizeUnit: 1000 })).toBe('too_large');
    expect(fileProblem(file('a.pdf', 5 * 1000 * 1024 + 1), { maxSize: 5 })).toBeNull();
    expect(fileProblem(file('a.pdf', 5 * 1024 * 1024 + 1), { maxSize: 5 })).toBe('too_large');
  });

  it('takes only the allowed extensions, in any case', () => {
    expect(fileExtension('idp.metadata.XML')).toBe('xml');
    expect(fileExtension('.env')).toBe('');
    expect(fileProblem(file('idp.XML'), { extensions: ['xml'] })).toBeNull();
    expect(fileProblem(file('idp.txt'), { extensions: ['.xml', 'pdf'] })).toBe('wrong_type');
    expect(fileProblem(file('README'), { extensions: ['xml'] })).toBe('wrong_type');
    expect(fileProblem(file('README'), {})).toBeNull();
  });

  it('adds a name once, refuses what breaks a limit and keeps the last maxCount', () => {
    const current = [file('a.csv'), file('b.csv')];
    const { files, rejected } = pickFiles(current, [file('b.csv'), file('c.csv'), file('c.csv'), file('d.exe'), file('e.csv', 2e9)], {
      extensions: ['csv'],
      maxSize: 100,
    });
    expect(files.map((f) => f.name)).toEqual(['a.csv', 'b.csv', 'c.csv']);
    expect(rejected).toEqual([
      { name: 'd.exe', reason: 'wrong_type' },
      { name: 'e.csv', reason: 'too_large' },
    ]);
    expect(pickFiles(current, [file('c.csv')], { maxCount: 2 }).files.map((f) => f.name)).toEqual(['b.csv', 'c.csv']);
    expect(pickFiles([file('old.xml')], [file('new.xml')], { maxCount: 1 }).files.map((f) => f.name)).toEqual(['new.xml']);
  });

  it('shortens a long name to its first 15 and last 7 characters', () => {
    expect(truncateFileName('annual-report-2026-final-v2.pdf')).toBe('annual-report-2…-v2.pdf');
    expect(truncateFileName('a'.repeat(23))).toBe('a'.repeat(23));
    expect(truncateFileName(`${'a'.repeat(20)}.pdf`)).toBe(`${'a'.repeat(15)}…aaa.pdf`);
    expect(truncateFileName('short.pdf')).toBe('short.pdf');
  });
});
