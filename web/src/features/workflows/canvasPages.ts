// The pages that draw a workflow share one chunk: they need the same canvas code, and two
// chunks split the antd modules they share with the shell into more pieces of its first load.
export { WorkflowEditorPage } from './designer/pages/WorkflowEditorPage';
export { WorkflowDetailsPage } from './details/WorkflowDetailsPage';
export { EditCompanyWorkflowPage } from './company/EditCompanyWorkflowPage';
export { WorkflowInsightsPage } from './insights/WorkflowInsightsPage';
