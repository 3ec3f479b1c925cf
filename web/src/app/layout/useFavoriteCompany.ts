import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { reportServerErrors } from '../errors/reportErrors';
import { useSession } from '../session/SessionProvider';
import { FAVORITE_COMPANY, GROUP_FAVORITE_COMPANY } from './graphql/favoriteCompany';

/** What a star marks: a company (favoriteCompany) or a company group (groupFavoriteCompany). */
export interface FavoriteTarget {
  readonly kind: 'company' | 'group';
  readonly uuid: string;
  readonly name: string;
}

export interface FavoriteCompanyApi {
  /** Marks or unmarks a company or group as a favourite, then reloads the session's companies and groups. */
  readonly toggleFavorite: (target: FavoriteTarget) => Promise<void>;
  readonly toggling: boolean;
}

export function useFavoriteCompany(): FavoriteCompanyApi {
  const { reload } = useSession();
  const [mutateCompany, company] = useMutation(FAVORITE_COMPANY);
  const [mutateGroup, group] = useMutation(GROUP_FAVORITE_COMPANY);
  const toggleFavorite = useCallback(
    async (target: FavoriteTarget) => {
      const variables = { companyId: target.uuid };
      try {
        const errors =
          target.kind === 'group'
            ? ((await mutateGroup({ variables })).data?.groupFavoriteCompany.errors ?? [])
            : ((await mutateCompany({ variables })).data?.favoriteCompany.errors ?? []);
        if (errors.length > 0) {
          reportServerErrors(errors);
          return;
        }
        reload();
      } catch {
        // Shown by the error link.
      }
    },
    [mutateCompany, mutateGroup, reload],
  );
  return { toggleFavorite, toggling: company.loading || group.loading };
}
