// The bulk mutations, one chunk fetched when a change first runs (hooks/useBulkChange.ts):
// a list's first render needs none of them (3 kB gzip on the inbox's and the tasks' first load).
export { ASSIGN_TASKS_TO } from './assignTasksTo';
export { CHANGE_TASKS_COMPLETION_DATE } from './changeTasksCompletionDate';
export { CHANGE_TASKS_DUE_DATE } from './changeTasksDueDate';
export { CHANGE_TASKS_PRIORITY } from './changeTasksPriority';
export { CHANGE_TASKS_STATUS } from './changeTasksStatus';
export { CHANGE_TASKS_UNREAD } from './changeTasksUnread';
