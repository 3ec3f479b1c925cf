import { describe, expect, it } from 'vitest';
import { CLIENT_VERSION, compareVersions, isServerNewer } from './version';

describe('version', () => {
  it('is 4.0.0 on this client', () => {
    expect(CLIENT_VERSION).toBe('4.0.0');
  });

  it.each([
    ['4.0.1', true],
    ['4.1.0', true],
    ['5.0.0', true],
    ['v4.0.10', true],
    ['4.0.0', false],
    ['4.0', false],
    ['3.99.99', false],
    ['', false],
    [null, false],
  ])('server %s is newer: %s', (server, newer) => {
    expect(isServerNewer(server)).toBe(newer);
  });

  it('compares numerically, not as text', () => {
    expect(compareVersions('4.10.0', '4.9.0')).toBeGreaterThan(0);
    expect(compareVersions('4.0.0', '4.0.0')).toBe(0);
  });
});
