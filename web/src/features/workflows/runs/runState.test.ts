import { describe, expect, it } from 'vitest';
import { asRunState, percentDone, runActions } from './runState';

describe('run state', () => {
  it('gives the share of completed steps in whole percent', () => {
    expect(percentDone(1, 3)).toBe(33);
    expect(percentDone(3, 3)).toBe(100);
    expect(percentDone(0, 0)).toBe(0);
  });
  it('offers cancel to runs not ended and retry only to failed ones', () => {
    expect(runActions('running')).toEqual({ cancel: true, retry: false });
    expect(runActions('failed')).toEqual({ cancel: true, retry: true });
    expect(runActions('completed')).toEqual({ cancel: false, retry: false });
    expect(runActions('cancelled')).toEqual({ cancel: false, retry: false });
  });
  it('reads an unknown state as pending', () => {
    expect(asRunState('mystery')).toBe('pending');
    expect(asRunState('failed')).toBe('failed');
  });
});
