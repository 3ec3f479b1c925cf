import { card } from '../../thread';
import type { TaskRow } from '../hooks/useTasks';

/** Rows of the tasks table for component tests: the list's card with the workflow columns. */
export function makeRows(n: number, extra: (i: number) => Partial<TaskRow> = () => ({})): TaskRow[] {
  return Array.from({ length: n }, (_, i) => {
    const row = {
      ...card(`task-${i}`, {
        title: `Task ${i}`,
        status: i % 2 ? 'in_progress' : 'created',
        read: true,
        unreadCount: 0,
        mentioned: false,
        activityAt: '2026-11-22T12:00:00Z',
        user: null,
        type: 'workflow_task',
      }),
      workflowInstanceId: null,
      externalActions: null,
      workflow: null,
      workflowParameters: [],
    } as TaskRow;
    return { ...row, ...extra(i) };
  });
}
