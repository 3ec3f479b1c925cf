// The Tasks route's addresses (spec 001 §2 Tasks route).

import { generatePath } from 'react-router';
import { queryWithout } from '../../../app/router/paths';
import { ROUTES } from '../../../app/router/routeTable';

const TASKS_PATTERN = ROUTES.find((r) => r.meta.name === 'Tasks')?.path ?? '/:selected_company_id?/tasks/:inbox_task_id?';

/**
 * The Tasks route's address with a task open (or none). The view's query (scope, filters,
 * sort) stays as it is; only activity_id goes, the message to scroll to in the task that had it.
 */
export function tasksPath(companyId: string | null, taskId: string | null, search: string): string {
  const path = generatePath(TASKS_PATTERN, {
    selected_company_id: companyId ?? undefined,
    inbox_task_id: taskId ?? undefined,
  });
  return `${path}${queryWithout(search, 'activity_id')}`;
}
