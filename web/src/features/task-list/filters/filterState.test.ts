import { describe, expect, it } from 'vitest';
import {
  ANYONE,
  DEFAULT_FILTERS,
  NOBODY,
  activeFilterCount,
  statusesOf,
  toServerFilters,
  toggleResponsible,
  toggleSender,
  typesForSenders,
} from './filterState';

const ME = 'me-uuid';

describe('the responsible filter', () => {
  it('replaces the selection when anyone, nobody or me is picked', () => {
    expect(toggleResponsible(['u1', 'u2'], ANYONE, ME)).toEqual([ANYONE]);
    expect(toggleResponsible([ANYONE], NOBODY, ME)).toEqual([NOBODY]);
    expect(toggleResponsible([NOBODY, 'u1'], ME, ME)).toEqual([ME]);
  });

  it('drops anyone and nobody when a specific user is picked, keeping other users', () => {
    expect(toggleResponsible([ANYONE], 'u1', ME)).toEqual(['u1']);
    expect(toggleResponsible([NOBODY], 'u1', ME)).toEqual(['u1']);
    expect(toggleResponsible([ME, 'u1'], 'u2', ME)).toEqual([ME, 'u1', 'u2']);
  });

  it('removes a value picked again', () => {
    expect(toggleResponsible([ANYONE], ANYONE, ME)).toEqual([]);
    expect(toggleResponsible(['u1', 'u2'], 'u1', ME)).toEqual(['u2']);
    expect(toggleResponsible([ME], ME, ME)).toEqual([]);
  });
});

describe('the sender filter', () => {
  it('anyone means inbox tasks only, nobody workflow tasks only, both or neither both', () => {
    expect(typesForSenders([ANYONE])).toEqual(['inbox_task']);
    expect(typesForSenders([NOBODY])).toEqual(['workflow_task']);
    expect(typesForSenders([ANYONE, NOBODY])).toEqual(['inbox_task', 'workflow_task']);
    expect(typesForSenders([])).toEqual(['inbox_task', 'workflow_task']);
    expect(typesForSenders(['u1'])).toEqual(['inbox_task', 'workflow_task']);
  });

  it('toggles values', () => {
    expect(toggleSender([ANYONE], NOBODY)).toEqual([ANYONE, NOBODY]);
    expect(toggleSender([ANYONE, NOBODY], ANYONE)).toEqual([NOBODY]);
  });

  it('sends the types that follow from the senders', () => {
    const out = toServerFilters({ ...DEFAULT_FILTERS, senderIds: [NOBODY] }, { categoryIds: [] });
    expect(out.types).toEqual(['workflow_task']);
    expect(out.senderIds).toEqual([{ value: NOBODY }]);
  });
});

describe('the server filters', () => {
  it('leave out what is not set and pass what is', () => {
    const out = toServerFilters(
      {
        ...DEFAULT_FILTERS,
        query: '  invoice ',
        priority: ['high'],
        flags: ['urgent', 'overdue'],
        responsibleIds: [ME],
        dueDateFrom: '2026-11-01',
      },
      { categoryIds: ['3'], statuses: ['created'] },
    );
    expect(out).toMatchObject({
      query: 'invoice',
      priority: ['high'],
      urgent: true,
      overdue: true,
      responsibleIds: [{ value: ME }],
      categoryIds: ['3'],
      status: ['created'],
    });
    expect(out.dueDateFrom).toBe(new Date('2026-11-01T00:00:00').toISOString());
    expect(out).not.toHaveProperty('dueDateTo');
    expect(out).not.toHaveProperty('companyIds');
    expect(out).not.toHaveProperty('workflowIds');
    expect(out).not.toHaveProperty('participantIds');
  });

  it('pass the workflow and participant filters as ids', () => {
    const out = toServerFilters({ ...DEFAULT_FILTERS, workflowIds: ['w1'], participantIds: ['u1', ME] }, { categoryIds: [] });
    expect(out.workflowIds).toEqual(['w1']);
    expect(out.participantIds).toEqual(['u1', ME]);
  });

  it('group statuses as the spec does', () => {
    expect(statusesOf(['completed'])).toEqual(['closed', 'cancelled', 'skipped', 'failed']);
    expect(statusesOf(['not_started', 'in_progress'])).toEqual(['created', 'in_progress']);
  });

  it('count the active filters, not the search', () => {
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_FILTERS, query: 'x', priority: ['low', 'high'], flags: ['urgent'] })).toBe(2);
    expect(activeFilterCount({ ...DEFAULT_FILTERS, workflowIds: ['w1', 'w2'], participantIds: ['u1'] })).toBe(2);
  });
});
