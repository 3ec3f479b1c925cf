import { describe, expect, it } from 'vitest';
import type { Folder } from '../../task-list';
import { mobileTabs } from './mobileTabs';

const CUSTOMER: Folder[] = ['inbox', 'unread', 'new', 'inProgress', 'closed'];

describe('mobileTabs', () => {
  it('shows up to 5 tabs without a More menu', () => {
    expect(mobileTabs(CUSTOMER)).toEqual({ visible: CUSTOMER, more: [] });
    expect(mobileTabs(['inbox', 'unread'])).toEqual({ visible: ['inbox', 'unread'], more: [] });
  });

  it('shows the first 4 and puts the rest under More when there are over 5 tabs', () => {
    // An admin: the bin makes six.
    expect(mobileTabs([...CUSTOMER, 'bin'])).toEqual({
      visible: ['inbox', 'unread', 'new', 'inProgress'],
      more: ['closed', 'bin'],
    });
    // Searching adds the search results first.
    expect(mobileTabs(['search', ...CUSTOMER])).toEqual({
      visible: ['search', 'inbox', 'unread', 'new'],
      more: ['inProgress', 'closed'],
    });
  });
});
