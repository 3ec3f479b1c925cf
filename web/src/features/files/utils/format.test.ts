import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_UPLOAD_BYTES } from './uploadQueue';
import { changedName, formatFileDate, formatFileSize } from './format';

describe('format', () => {
  it('shows sizes 1024-based, so that the upload limit reads 100 MB', () => {
    expect(formatFileSize(46, 'en')).toBe('46 B');
    expect(formatFileSize(1536, 'en')).toBe('1.5 KB');
    expect(formatFileSize(DEFAULT_MAX_UPLOAD_BYTES, 'en')).toBe('100 MB');
    expect(formatFileSize(DEFAULT_MAX_UPLOAD_BYTES, 'fi')).toBe('100 MB');
  });

  it('writes dates as day month year hour minute', () => {
    expect(formatFileDate('2026-03-05T14:07:00')).toBe('5 Mar 2026 14:07');
    expect(formatFileDate('not a date')).toBe('');
  });

  it('gives a trimmed new name only when it is not empty and differs', () => {
    expect(changedName('  a.pdf ', 'a.pdf')).toBeNull();
    expect(changedName('   ', 'a.pdf')).toBeNull();
    expect(changedName(' b.pdf ', 'a.pdf')).toBe('b.pdf');
  });
});
