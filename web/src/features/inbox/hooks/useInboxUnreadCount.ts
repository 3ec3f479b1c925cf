import { useQuery } from '@apollo/client/react';
import type { PorticoOperationContext } from '../../../app/apollo/client';
import { INBOX_UNREAD_COUNT } from '../graphql/inboxUnreadCount';

export interface UnreadCountScope {
  readonly companyId: string | null;
  readonly group: boolean;
  /** Skips the query (provider staff have no badge). */
  readonly skip?: boolean;
}

/** The number of unread threads for the sidebar badge; 0 while unknown. */
export function useInboxUnreadCount({ companyId, group, skip = false }: UnreadCountScope): number {
  const context: PorticoOperationContext = { silentErrors: true };
  const { data } = useQuery(INBOX_UNREAD_COUNT, {
    variables: { companyId, group: group || null },
    skip,
    errorPolicy: 'all',
    fetchPolicy: 'cache-and-network',
    context,
  });
  return data?.inboxStats?.unreadCount ?? 0;
}
