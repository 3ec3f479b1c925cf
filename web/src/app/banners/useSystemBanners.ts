import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useMemo, useRef } from 'react';
import { REALTIME_RECONNECTED } from '../../shared/realtime/realtimeClient';
import { useRealtime } from '../../shared/realtime/RealtimeProvider';
import type { PorticoOperationContext } from '../apollo/client';
import { reportServerErrors } from '../errors/reportErrors';
import type { CompanyScopeValue } from '../layout/useCompanyScope';
import { groupCompanyIds } from '../session/companies';
import { useInit } from '../session/SessionProvider';
import { BANNER_EVENT_KEYS, applyBannerEvent, withoutBanner, type BannerAudience, type BannerItem } from './bannerList';
import { DISMISS_SYSTEM_BANNER } from './graphql/dismissSystemBanner';
import { SYSTEM_BANNERS } from './graphql/systemBanners';

const silent: PorticoOperationContext = { silentErrors: true };

export interface SystemBannersApi {
  readonly banners: readonly BannerItem[];
  /** Hides a dismissible banner for the viewer (and tells the server). */
  readonly dismiss: (id: string) => void;
}

/**
 * The banners on top of the layout for the selected company, group or all companies,
 * kept current by the system_banner.* realtime events and refetched after a reconnect.
 */
export function useSystemBanners(scope: CompanyScopeValue): SystemBannersApi {
  const init = useInit();
  const client = useApolloClient();
  const companyId = scope.company?.uuid ?? null;
  const variables = useMemo(() => ({ companyId }), [companyId]);
  const { data, refetch } = useQuery(SYSTEM_BANNERS, {
    variables,
    fetchPolicy: 'cache-and-network',
    errorPolicy: 'all',
    context: silent,
  });
  const [dismissMutation] = useMutation(DISMISS_SYSTEM_BANNER);
  const dismissed = useRef(new Set<string>());

  const groupIds = scope.companyGroup ? groupCompanyIds(scope.companyGroup) : null;
  const companyIdsKey = companyId ? companyId : groupIds ? groupIds.join(',') : null;
  const audience = useMemo<BannerAudience>(
    () => ({
      userType: init.user.userType,
      companyIds: companyIdsKey === null ? null : companyIdsKey.split(',').filter(Boolean),
      dismissed: dismissed.current,
    }),
    [init.user.userType, companyIdsKey],
  );

  const updateList = useCallback(
    (change: (list: readonly BannerItem[]) => readonly BannerItem[]) => {
      client.cache.updateQuery({ query: SYSTEM_BANNERS, variables }, (current) =>
        current ? { systemBanners: change(current.systemBanners) as typeof current.systemBanners } : current,
      );
    },
    [client, variables],
  );

  useRealtime(
    (event) => {
      if (event.key === REALTIME_RECONNECTED) {
        void refetch().catch(() => undefined);
        return;
      }
      updateList((list) => applyBannerEvent(list, event, audience));
    },
    BANNER_EVENT_KEYS,
  );

  const dismiss = useCallback(
    (id: string) => {
      dismissed.current.add(id);
      updateList((list) => withoutBanner(list, id));
      dismissMutation({ variables: { id } })
        .then(({ data: answer }) => {
          const errors = answer?.dismissSystemBanner.errors ?? [];
          if (errors.length > 0) {
            reportServerErrors(errors);
            dismissed.current.delete(id);
            void refetch().catch(() => undefined);
          }
        })
        .catch(() => {
          // The error link has shown the failure; show the banner again.
          dismissed.current.delete(id);
          void refetch().catch(() => undefined);
        });
    },
    [dismissMutation, refetch, updateList],
  );

  const banners = useMemo(
    () => (data?.systemBanners ?? []).filter((b) => !dismissed.current.has(b.id)),
    [data],
  );
  return { banners, dismiss };
}
