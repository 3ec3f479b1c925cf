// Both run analytics pages share one chunk: they share their components, and one chunk
// keeps the entry's list of page chunks (index.html) one line shorter.
export { WorkflowInsightsPage } from './WorkflowInsightsPage';
export { WorkflowsInsightsPage } from './WorkflowsInsightsPage';
