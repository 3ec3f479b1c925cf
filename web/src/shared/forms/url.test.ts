import { describe, expect, it } from 'vitest';
import { joinUrl, splitUrl } from './url';

describe('URL input value', () => {
  it('shows the fixed https:// prefix apart from what is typed', () => {
    expect(splitUrl('https://login.example.com')).toEqual({ prefix: 'https://', rest: 'login.example.com' });
    expect(splitUrl('')).toEqual({ prefix: 'https://', rest: '' });
    expect(splitUrl(undefined)).toEqual({ prefix: 'https://', rest: '' });
    // a local server keeps its http://
    expect(splitUrl('http://127.0.0.1:9/oidc')).toEqual({ prefix: 'http://', rest: '127.0.0.1:9/oidc' });
  });

  it('yields the prefix and the text, a pasted whole address as it is, and empty when empty', () => {
    expect(joinUrl('https://', 'login.example.com')).toBe('https://login.example.com');
    expect(joinUrl('https://', 'https://login.example.com')).toBe('https://login.example.com');
    expect(joinUrl('https://', 'HTTP://127.0.0.1')).toBe('HTTP://127.0.0.1');
    expect(joinUrl('http://', '127.0.0.1:9')).toBe('http://127.0.0.1:9');
    expect(joinUrl('https://', '')).toBe('');
    expect(joinUrl('https://', '   ')).toBe('');
  });
});
