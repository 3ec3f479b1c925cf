import { useRouteMeta } from '../../../app/layout/useRouteMeta';
import { paths } from '../../../app/router/paths';
import { canInCompany } from '../../../app/session/abilities';
import { useInit } from '../../../app/session/SessionProvider';
import type { InitData } from '../../../app/session/types';

/** Where the company-workflow screens link to: the company card's routes, or staff's own outside the admin panel. */
export interface WorkflowPaths {
  readonly adminPanel: boolean;
  readonly companyWorkflows: (companyId: string) => string;
  readonly runs: (companyId: string) => string;
  readonly details: (companyId: string, instanceId: string) => string;
}

export function workflowPaths(adminPanel: boolean): WorkflowPaths {
  return adminPanel
    ? { adminPanel, companyWorkflows: paths.companyWorkflows, runs: paths.companyWorkflowsRun, details: paths.workflowDetails }
    : { adminPanel, companyWorkflows: paths.agentCompanyWorkflows, runs: paths.agentWorkflowsRun, details: paths.agentWorkflowDetails };
}

export function useWorkflowPaths(): WorkflowPaths {
  return workflowPaths(useRouteMeta()?.adminPanel === true);
}

/** What the viewer may do with a company's workflows and runs (the server checks the same abilities). */
export interface WorkflowAbilities {
  /** Add a workflow to the company. */
  readonly assign: boolean;
  /** Remove a workflow from the company. */
  readonly unassign: boolean;
  /** Edit a company workflow's triggers. */
  readonly editTriggers: boolean;
  /** Start, cancel and retry runs. */
  readonly steerRuns: boolean;
}

export function workflowAbilities(init: Pick<InitData, 'user' | 'companies'>, companyId: string | null): WorkflowAbilities {
  const company = companyId ? init.companies.find((c) => c.uuid === companyId) : undefined;
  const can = (action: string, subject: string) =>
    companyId ? canInCompany(init.user, company, action, subject) : init.user.userRole === 'admin';
  return {
    assign: can('create', 'CompanyWorkflow'),
    unassign: can('destroy', 'CompanyWorkflow'),
    editTriggers: can('update', 'CompanyWorkflow'),
    steerRuns: can('update', 'WorkflowInstance'),
  };
}

export function useWorkflowAbilities(companyId: string | null): WorkflowAbilities {
  return workflowAbilities(useInit(), companyId);
}
