import { useApolloClient } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import type { PorticoOperationContext } from '../../../../app/apollo/client';
import type { CompanyCategoryPair, FilterOption } from '../filterOptions';
import { FILTER_PARTICIPANTS } from '../graphql/filterParticipants';

export interface ParticipantSearch {
  readonly found: readonly FilterOption[];
  readonly loading: boolean;
}

const context: PorticoOperationContext = { silentErrors: true };
const PER_PAIR_LIMIT = 50;

/**
 * People found by the users query for each company and category pair, merged. A pair the
 * user may not see answers nothing rather than an error toast.
 */
export function useParticipantSearch(pairs: readonly CompanyCategoryPair[], search: string, enabled: boolean): ParticipantSearch {
  const client = useApolloClient();
  const pairsKey = JSON.stringify(pairs);
  const requestKey = enabled && pairs.length ? `${pairsKey}|${search.trim()}` : null;
  const [answer, setAnswer] = useState<{ key: string; found: FilterOption[] } | null>(null);

  useEffect(() => {
    if (!requestKey) return;
    let live = true;
    const asked: CompanyCategoryPair[] = JSON.parse(pairsKey) as CompanyCategoryPair[];
    const text = search.trim() || null;
    void Promise.all(
      asked.map((pair) =>
        client
          .query({
            query: FILTER_PARTICIPANTS,
            variables: { ...pair, search: text, limit: PER_PAIR_LIMIT },
            context,
            errorPolicy: 'all',
          })
          .then(
            (r) => r.data?.users.collection ?? [],
            () => [],
          ),
      ),
    ).then((lists) => {
      if (!live) return;
      const byId = new Map<string, string>();
      for (const list of lists) for (const u of list) byId.set(u.uuid, u.name);
      setAnswer({ key: requestKey, found: [...byId].map(([value, label]) => ({ value, label })) });
    });
    return () => {
      live = false;
    };
  }, [client, requestKey, pairsKey, search]);

  const current = requestKey !== null && answer?.key === requestKey;
  return { found: current ? answer.found : [], loading: requestKey !== null && !current };
}
