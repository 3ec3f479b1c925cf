import { generatePath } from 'react-router';
import { ROUTES } from '../../../app/router/routeTable';

const INBOX_PATTERN = ROUTES.find((r) => r.meta.name === 'Inbox')?.path ?? '/:selected_company_id?/inbox/:inbox_task_id?';

/** The Inbox route's address of a thread (from the route table, not spelled by hand). */
export function threadPath(companyId: string, taskId: string): string {
  return generatePath(INBOX_PATTERN, { selected_company_id: companyId, inbox_task_id: taskId });
}
