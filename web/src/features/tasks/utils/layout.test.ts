import { describe, expect, it } from 'vitest';
import { bulkButtons, headerControls } from './layout';

describe('headerControls', () => {
  it.each([
    [1000, []],
    [1100, []],
    [1101, ['dueToggles']],
    [1201, ['contentToggles', 'dueToggles']],
    [1440, ['contentToggles', 'dueToggles']],
    [1601, ['search', 'contentToggles', 'dueToggles']],
    [1751, ['assignee', 'search', 'contentToggles', 'dueToggles']],
    [1920, ['assignee', 'search', 'contentToggles', 'dueToggles']],
    [2050, ['assignee', 'search', 'contentToggles', 'dueToggles']],
    [2051, ['dueDateRange', 'assignee', 'search', 'contentToggles', 'dueToggles']],
  ])('at %i px shows %j', (width, shown) => {
    const controls = headerControls(width);
    expect(Object.entries(controls).filter(([, on]) => on).map(([name]) => name)).toEqual(shown);
  });
});

describe('bulkButtons', () => {
  it('puts every change inline only above 1780 px with no task open', () => {
    expect(bulkButtons(1781, false)).toBe('all');
    expect(bulkButtons(1780, false)).toBe('read');
    expect(bulkButtons(1440, false)).toBe('read');
    expect(bulkButtons(2400, true)).toBe('read');
  });
});
