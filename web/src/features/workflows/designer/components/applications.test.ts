import { describe, expect, it } from 'vitest';
import { applicationValues, applicationsFrom } from './NodePanel';

describe('task applications', () => {
  it('shows each action as actionKey|appId and stores them grouped by application', () => {
    const stored = [
      { id: 'netvisor', actions: ['open_ledger', 'export'] },
      { id: 'procountor', actions: ['open'] },
    ];
    const values = applicationValues(stored);
    expect(values).toEqual(['open_ledger|netvisor', 'export|netvisor', 'open|procountor']);
    expect(applicationsFrom(values)).toEqual(stored);
    expect(applicationsFrom([])).toEqual([]);
    expect(applicationValues(undefined)).toEqual([]);
  });
});
