import { describe, expect, it } from 'vitest';
import type { InitCompany, InitUser } from '../../../app/session/types';
import { workflowAbilities, workflowPaths } from './workflowPaths';

const company = (uuid: string, rules: InitCompany['rules']) => ({ uuid, rules }) as InitCompany;
const agent = { userRole: 'user' } as unknown as InitUser;
const admin = { userRole: 'admin' } as unknown as InitUser;
const read = [{ action: 'read', subject: ['CompanyWorkflow', 'WorkflowInstance'] }];

describe('workflowPaths', () => {
  it('keeps the admin panel inside the company card', () => {
    const p = workflowPaths(true);
    expect(p.runs('acme')).toBe('/companies/acme/workflows-run');
    expect(p.details('acme', 'r1')).toBe('/companies/acme/workflows-run/workflow-details/r1');
    expect(p.companyWorkflows('acme')).toBe('/companies/acme/company-workflows');
  });

  it('sends staff outside the panel to their own routes under the selected company', () => {
    const p = workflowPaths(false);
    expect(p.runs('acme')).toBe('/acme/workflows-run');
    expect(p.details('acme', 'r1')).toBe('/acme/workflows-run/workflow-details/r1');
    expect(p.companyWorkflows('acme')).toBe('/acme/company-workflows');
  });
});

describe('workflowAbilities', () => {
  it('lets an agent who may only read see the lists without actions', () => {
    const may = workflowAbilities({ user: agent, companies: [company('acme', read)] }, 'acme');
    expect(may).toEqual({ assign: false, unassign: false, editTriggers: false, steerRuns: false });
  });

  it('follows the company rules the server gave', () => {
    const rules = [...read, { action: ['update'], subject: 'WorkflowInstance' }];
    const may = workflowAbilities({ user: agent, companies: [company('acme', rules)] }, 'acme');
    expect(may.steerRuns).toBe(true);
    expect(may.assign).toBe(false);
    expect(workflowAbilities({ user: agent, companies: [company('acme', rules)] }, 'other').steerRuns).toBe(false);
  });

  it('gives admins every action, across companies too', () => {
    expect(workflowAbilities({ user: admin, companies: [] }, 'acme')).toEqual({
      assign: true,
      unassign: true,
      editTriggers: true,
      steerRuns: true,
    });
    expect(workflowAbilities({ user: admin, companies: [] }, null).steerRuns).toBe(true);
    expect(workflowAbilities({ user: agent, companies: [] }, null).steerRuns).toBe(false);
  });
});
