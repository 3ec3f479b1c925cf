import { describe, expect, it } from 'vitest';
import { DEFAULT_WORKFLOW_FILTERS, readTab, workflowsVariables } from './workflowListFilters';

describe('the workflows list', () => {
  it('asks for published workflows on global_workflows and drafts on drafts, sending only the filters in use', () => {
    expect(workflowsVariables('global_workflows', DEFAULT_WORKFLOW_FILTERS, { page: 1, limit: 10 })).toEqual({
      draft: false,
      page: 1,
      limit: 10,
      search: undefined,
      categoryIds: undefined,
      countryIds: undefined,
      creatorIds: undefined,
      tags: undefined,
    });
    const filtered = { ...DEFAULT_WORKFLOW_FILTERS, search: '  pay ', tags: ['monthly'], countryIds: ['1'] };
    expect(workflowsVariables('drafts', filtered, { page: 2, limit: 10 })).toMatchObject({
      draft: true,
      page: 2,
      search: 'pay',
      tags: ['monthly'],
      countryIds: ['1'],
      categoryIds: undefined,
    });
  });

  it('reads the tab from the address, global_workflows unless it says drafts', () => {
    expect(readTab(new URLSearchParams('tab=drafts'))).toBe('drafts');
    expect(readTab(new URLSearchParams('tab=other'))).toBe('global_workflows');
    expect(readTab(new URLSearchParams())).toBe('global_workflows');
  });
});
