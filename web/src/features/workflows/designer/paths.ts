// The editor's and details' addresses (routeTable: CreateWorkflow, EditWorkflow, WorkflowDetails).
const seg = encodeURIComponent;

export const workflowsPath = (): string => '/workflows';
export const workflowCreatePath = (): string => '/workflows/create';
export const workflowEditPath = (workflowId: string): string => `/workflows/${seg(workflowId)}/edit`;
export const workflowDetailsPath = (companyId: string, instanceId: string): string =>
  `/companies/${seg(companyId)}/workflows-run/workflow-details/${seg(instanceId)}`;
export const companyWorkflowsRunPath = (companyId: string): string => `/companies/${seg(companyId)}/workflows-run`;
