import { useQuery } from '@apollo/client/react';
import type { PorticoOperationContext } from '../../../app/apollo/client';
import type { UpcomingTasksQuery } from '../../../gql/graphql';
import { UPCOMING_TASKS } from '../graphql/upcomingTasks';

export type UpcomingTask = UpcomingTasksQuery['upcomingTasks'][number];

/** How many tasks Coming up asks for (the server answers at most 50). */
export const UPCOMING_LIMIT = 30;

export interface UpcomingTasksValue {
  readonly tasks: readonly UpcomingTask[];
  readonly loading: boolean;
  readonly error: boolean;
  readonly retry: () => void;
}

const SILENT: PorticoOperationContext = { silentErrors: true };

/**
 * The next tasks coming up in the companies (all the viewer's when none are given), read
 * afresh each time the list opens; a failure is shown in place, not as a toast.
 */
export function useUpcomingTasks(companyIds: readonly string[] | undefined): UpcomingTasksValue {
  const { data, loading, error, refetch } = useQuery(UPCOMING_TASKS, {
    variables: { companyIds: companyIds ? [...companyIds] : undefined, limit: UPCOMING_LIMIT },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
    context: SILENT,
  });
  return {
    tasks: data?.upcomingTasks ?? [],
    loading: loading && !data,
    error: Boolean(error) && !data,
    retry: () => void refetch().catch(() => undefined),
  };
}
