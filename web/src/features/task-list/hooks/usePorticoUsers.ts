import { useQuery } from '@apollo/client/react';
import type { PorticoOperationContext } from '../../../app/apollo/client';
import type { PorticoUsersQuery } from '../../../gql/graphql';
import { PORTICO_USERS } from '../graphql/porticoUsers';

/** How many staff an assignee picker lists per search. */
export const STAFF_LIMIT = 30;

export type StaffMember = PorticoUsersQuery['porticoUsers']['collection'][number];

export interface StaffQuery {
  /** The company (null: every company the viewer sees). */
  readonly companyId: string | null;
  /** A thread: only the staff who may be assigned it. */
  readonly taskId?: string | null;
  /** The typed text (already debounced). */
  readonly search: string;
  readonly skip?: boolean;
}

export interface StaffValue {
  readonly staff: readonly StaffMember[];
  readonly loading: boolean;
}

const NO_STAFF: readonly StaffMember[] = [];
const context: PorticoOperationContext = { silentErrors: true };

/** The first page of provider staff for an assignee picker (porticoUsers). */
export function usePorticoUsers({ companyId, taskId, search, skip = false }: StaffQuery): StaffValue {
  const { data, loading } = useQuery(PORTICO_USERS, {
    variables: { companyId, ...(taskId ? { taskId } : {}), search: search.trim() || null, limit: STAFF_LIMIT },
    skip,
    context,
  });
  return { staff: data?.porticoUsers.collection ?? NO_STAFF, loading };
}
