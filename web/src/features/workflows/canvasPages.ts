// The pages that draw a workflow share one chunk: they need the same canvas code, and two
// chunks split the antd modules they share with the shell into more pieces of its first load.
export { WorkflowEditorPage } from './designer/pages/WorkflowEditorPage';
export { WorkflowDetailsPage } from './details/WorkflowDetailsPage';
export { EditCompanyWorkflowPage } from './company/EditCompanyWorkflowPage';
// The canvas of the run analytics page (insights/components/HeatCanvas.tsx), which loads this
// chunk when it draws it: the canvas code then stays in this one chunk.
export { parseStructure } from './canvas/structure';
export { WorkflowCanvas } from './canvas/WorkflowCanvas';
