import { describe, expect, it } from 'vitest';
import { taskTabsOf, usesTaskHeader } from './taskTabs';

describe('task header', () => {
  it('has messages, description and attachments tabs, without the description for an inbox thread', () => {
    expect(taskTabsOf('workflow_task')).toEqual(['messages', 'description', 'attachments']);
    expect(taskTabsOf('inbox_task')).toEqual(['messages', 'attachments']);
  });

  it('shows in the tasks table and for workflow tasks; inbox threads in the inbox keep the full header', () => {
    expect(usesTaskHeader('tasks', 'inbox_task')).toBe(true);
    expect(usesTaskHeader('tasks', 'workflow_task')).toBe(true);
    expect(usesTaskHeader('inbox', 'workflow_task')).toBe(true);
    expect(usesTaskHeader('inbox', 'inbox_task')).toBe(false);
  });
});
