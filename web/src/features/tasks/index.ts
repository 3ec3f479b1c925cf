// The feature's public face: what other features and app/ use (docs/decisions/0126-feature-boundaries.md).
export { TASKS_TABLE } from './graphql/tasksTable';
export { useTasks } from './hooks/useTasks';
