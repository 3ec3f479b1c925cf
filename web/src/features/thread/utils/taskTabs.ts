/** The tabs of the task header (spec 001 §2 Thread pane states). */
export type TaskTab = 'messages' | 'description' | 'attachments';

/** Where the pane is shown: the inbox (full header) or the tasks table (task header). */
export type ThreadPaneVariant = 'inbox' | 'tasks';

/** Messages, description (not for a plain inbox thread) and attachments. */
export function taskTabsOf(type: string): readonly TaskTab[] {
  return type === 'inbox_task' ? ['messages', 'attachments'] : ['messages', 'description', 'attachments'];
}

/** The task header shows in the tasks table, and for a workflow task wherever it is opened. */
export function usesTaskHeader(variant: ThreadPaneVariant, type: string): boolean {
  return variant === 'tasks' || type === 'workflow_task';
}
