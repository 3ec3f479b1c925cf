import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { reportUnexpectedError } from '../../../../app/errors/reportErrors';
import { succeeded } from '../../../../shared/graphql/mutationAnswer';
import type { MutationErrorFieldsFragment } from '../../../../gql/graphql';
import { ASSIGN_WORKFLOW_TO_COMPANY } from '../graphql/assignWorkflowToCompany';
import { UNASSIGN_WORKFLOW_FROM_COMPANY } from '../graphql/unassignWorkflowFromCompany';

/** A refused change's errors (for a form to place), or null when it went through. */
export type AssignmentResult = { readonly ok: true } | { readonly ok: false; readonly errors: readonly MutationErrorFieldsFragment[] };

export interface WorkflowAssignmentApi {
  /** Assigns the workflow to a company in a country; errors are handed back for the form. */
  readonly assign: (companyId: string, countryId: string) => Promise<AssignmentResult>;
  /** Removes the workflow from a company; errors are shown as toasts. */
  readonly unassign: (companyId: string, countryId: string | null) => Promise<boolean>;
  readonly busy: boolean;
}

const REFETCH = ['WorkflowCompanies', 'Workflows'];

/** Adds and removes one workflow's company assignments, then reloads the companies table. */
export function useWorkflowAssignment(workflowId: string): WorkflowAssignmentApi {
  const [assignMutation, assigning] = useMutation(ASSIGN_WORKFLOW_TO_COMPANY, { refetchQueries: REFETCH, awaitRefetchQueries: true });
  const [unassignMutation, unassigning] = useMutation(UNASSIGN_WORKFLOW_FROM_COMPANY, {
    refetchQueries: REFETCH,
    awaitRefetchQueries: true,
  });

  const assign = useCallback(
    async (companyId: string, countryId: string): Promise<AssignmentResult> => {
      try {
        const { data } = await assignMutation({ variables: { workflowId, companyId, countryId } });
        const answer = data?.assignWorkflowToCompany;
        if (answer?.errors.length) return { ok: false, errors: answer.errors };
        if (!answer?.companyWorkflow) {
          reportUnexpectedError();
          return { ok: false, errors: [] };
        }
        return { ok: true };
      } catch {
        return { ok: false, errors: [] }; // shown by the error link
      }
    },
    [assignMutation, workflowId],
  );

  const unassign = useCallback(
    async (companyId: string, countryId: string | null) => {
      try {
        const { data } = await unassignMutation({ variables: { workflowId, companyId, countryId } });
        return succeeded(data?.unassignWorkflowFromCompany);
      } catch {
        return false;
      }
    },
    [unassignMutation, workflowId],
  );

  return { assign, unassign, busy: assigning.loading || unassigning.loading };
}
