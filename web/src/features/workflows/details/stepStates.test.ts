import { describe, expect, it } from 'vitest';
import { stepStatesOf } from './WorkflowDetailsPage';

describe('stepStatesOf', () => {
  it('keeps the states the canvas colours and shows a cancelled step as skipped', () => {
    expect(
      stepStatesOf([
        { nodeId: 'a', state: 'completed' },
        { nodeId: 'b', state: 'running' },
        { nodeId: 'c', state: 'cancelled' },
        { nodeId: 'd', state: 'mystery' },
      ]),
    ).toEqual({ a: 'completed', b: 'running', c: 'skipped' });
  });
});
