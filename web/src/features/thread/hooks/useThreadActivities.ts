import { useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { PorticoOperationContext } from '../../../app/apollo/client';
import { THREAD_ACTIVITIES } from '../graphql/inboxActivities';
import { THREAD_ACTIVITY } from '../graphql/inboxActivity';
import { mergeActivities } from '../utils/timeline';
import type { ThreadActivity } from '../utils/types';

/** Activities per page (spec 001 §9). */
export const ACTIVITIES_PAGE = 30;

export interface ThreadActivitiesValue {
  readonly activities: readonly ThreadActivity[];
  readonly loading: boolean;
  readonly error: boolean;
  readonly hasMoreBefore: boolean;
  readonly hasMoreAfter: boolean;
  readonly loadingOlder: boolean;
  /** Loads the page before the oldest loaded activity. */
  readonly loadOlder: () => Promise<void>;
  /** Loads what came after the newest loaded activity (new messages, missed events). */
  readonly loadNewer: () => Promise<readonly ThreadActivity[]>;
  /** Fetches one activity again (edited, reacted, deleted) and puts it in place. */
  readonly refreshActivity: (activityId: string) => Promise<void>;
  /** Puts activities the client already has (a mutation's answer) in place. */
  readonly upsert: (activities: readonly ThreadActivity[]) => void;
  readonly retry: () => void;
}

// Page and refresh requests must reach the server even when an identical one is on its
// way (that one may have left before the change it is meant to show).
export const SILENT_REFRESH: PorticoOperationContext & { queryDeduplication: boolean } = {
  silentErrors: true,
  queryDeduplication: false,
};

/**
 * The thread's stream in the Apollo cache: the first page (the newest, or the page
 * around anchorId), with older and newer pages and single activities merged into that
 * same cache entry, so realtime updates and mutations show wherever it is read.
 */
export function useThreadActivities(
  companyId: string | null | undefined,
  taskId: string,
  anchorId: string | null,
): ThreadActivitiesValue {
  const client = useApolloClient();
  const variables = useMemo(
    () => ({
      companyId: companyId ?? null,
      taskId,
      limit: ACTIVITIES_PAGE,
      ...(anchorId ? { currentId: anchorId } : { fresh: true }),
    }),
    [companyId, taskId, anchorId],
  );
  const { data, loading, error, refetch } = useQuery(THREAD_ACTIVITIES, {
    variables,
    fetchPolicy: 'cache-and-network',
    context: SILENT_REFRESH,
  });
  const page = data?.inboxActivities;
  const activities = useMemo(() => page?.collection ?? [], [page]);
  const latest = useRef(activities);
  latest.current = activities;
  const [loadingOlder, setLoadingOlder] = useState(false);

  const write = useCallback(
    (change: (current: readonly ThreadActivity[]) => readonly ThreadActivity[], flags: { hasMoreBefore?: boolean; hasMoreAfter?: boolean } = {}) => {
      client.cache.updateQuery({ query: THREAD_ACTIVITIES, variables }, (current) => {
        if (!current) return current;
        return {
          inboxActivities: {
            ...current.inboxActivities,
            ...flags,
            collection: [...change(current.inboxActivities.collection)],
          },
        };
      });
    },
    [client, variables],
  );

  const upsert = useCallback(
    (incoming: readonly ThreadActivity[]) => write((current) => mergeActivities(current, incoming)),
    [write],
  );

  const loadOlder = useCallback(async () => {
    const first = latest.current[0];
    if (!first || !page?.hasMoreBefore) return;
    setLoadingOlder(true);
    try {
      const result = await client.query({
        query: THREAD_ACTIVITIES,
        variables: { companyId: companyId ?? null, taskId, limit: ACTIVITIES_PAGE, firstId: first.uuid },
        fetchPolicy: 'network-only',
        context: SILENT_REFRESH,
      });
      const older = result.data?.inboxActivities;
      if (older) write((current) => mergeActivities(current, older.collection), { hasMoreBefore: older.hasMoreBefore });
    } catch {
      // the list stays as it is; scrolling up again tries again
    } finally {
      setLoadingOlder(false);
    }
  }, [client, companyId, taskId, page?.hasMoreBefore, write]);

  const loadNewer = useCallback(async (): Promise<readonly ThreadActivity[]> => {
    const last = latest.current[latest.current.length - 1];
    const result = await client.query({
      query: THREAD_ACTIVITIES,
      variables: last
        ? { companyId: companyId ?? null, taskId, limit: ACTIVITIES_PAGE, lastId: last.uuid }
        : { companyId: companyId ?? null, taskId, limit: ACTIVITIES_PAGE, fresh: true },
      fetchPolicy: 'network-only',
      context: SILENT_REFRESH,
    });
    const newer = result.data?.inboxActivities;
    if (!newer) return [];
    write((current) => mergeActivities(current, newer.collection), { hasMoreAfter: newer.hasMoreAfter });
    return newer.collection;
  }, [client, companyId, taskId, write]);

  const refreshActivity = useCallback(
    async (activityId: string) => {
      const result = await client.query({
        query: THREAD_ACTIVITY,
        variables: { companyId: companyId ?? null, id: activityId, taskId },
        fetchPolicy: 'network-only',
        context: SILENT_REFRESH,
      });
      const activity = result.data?.inboxActivity;
      if (activity) upsert([activity]);
    },
    [client, companyId, taskId, upsert],
  );

  return {
    activities,
    loading: loading && !page,
    error: Boolean(error) && !page,
    hasMoreBefore: page?.hasMoreBefore ?? false,
    hasMoreAfter: page?.hasMoreAfter ?? false,
    loadingOlder,
    loadOlder,
    loadNewer,
    refreshActivity,
    upsert,
    retry: () => void refetch(),
  };
}
