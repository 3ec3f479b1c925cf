import { describe, expect, it } from 'vitest';
import { threadPath } from './threadPath';

describe('threadPath', () => {
  it('builds the Inbox route of a thread', () => {
    expect(threadPath('acme', 't 1')).toBe('/acme/inbox/t%201');
  });
});
