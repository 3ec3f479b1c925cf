import { afterEach, describe, expect, it, vi } from 'vitest';
import { succeeded } from './mutationAnswer';

const shown = vi.hoisted(() => ({ errors: [] as unknown[], unexpected: 0 }));
vi.mock('../../app/errors/reportErrors', () => ({
  reportServerErrors: (errors: readonly unknown[]) => shown.errors.push(...errors),
  reportUnexpectedError: () => (shown.unexpected += 1),
}));

afterEach(() => {
  shown.errors = [];
  shown.unexpected = 0;
});

const assigned = { code: 'ARGUMENT_ERROR', message: 'workflow_is_assigned_to_companies', field: null, entityType: null };

describe('succeeded', () => {
  it('is true for a success without errors and shows nothing', () => {
    expect(succeeded({ success: true, errors: [] })).toBe(true);
    expect(shown).toEqual({ errors: [], unexpected: 0 });
  });
  it('shows the errors of a refused change', () => {
    expect(succeeded({ success: false, errors: [assigned] })).toBe(false);
    expect(shown.errors).toEqual([assigned]);
  });
  it('shows the unexpected error for a failure without errors or without an answer', () => {
    expect(succeeded({ success: false, errors: [] })).toBe(false);
    expect(succeeded(null)).toBe(false);
    expect(shown.unexpected).toBe(2);
  });
});
