import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { succeeded } from '../../../../shared/graphql/mutationAnswer';
import { DELETE_WORKFLOW } from '../graphql/deleteWorkflow';

export interface DeleteWorkflowApi {
  /** Deletes a workflow; true when it is gone, false after a shown error (e.g. still assigned). */
  readonly deleteWorkflow: (workflowId: string) => Promise<boolean>;
}

/** Deletes a workflow and refreshes the lists and filters that showed it. */
export function useDeleteWorkflow(): DeleteWorkflowApi {
  const [mutate] = useMutation(DELETE_WORKFLOW, { refetchQueries: ['Workflows', 'WorkflowFilterOptions'] });
  const deleteWorkflow = useCallback(
    async (workflowId: string) => {
      try {
        const { data } = await mutate({ variables: { workflowId } });
        return succeeded(data?.deleteWorkflow);
      } catch {
        return false; // shown by the error link
      }
    },
    [mutate],
  );
  return { deleteWorkflow };
}
