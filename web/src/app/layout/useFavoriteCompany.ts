import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { reportServerErrors } from '../errors/reportErrors';
import { useSession } from '../session/SessionProvider';
import { FAVORITE_COMPANY } from './graphql/favoriteCompany';

export interface FavoriteCompanyApi {
  /** Marks or unmarks a company as a favourite, then reloads the session's companies. */
  readonly toggleFavorite: (companyId: string) => Promise<void>;
  readonly toggling: boolean;
}

export function useFavoriteCompany(): FavoriteCompanyApi {
  const { reload } = useSession();
  const [mutate, { loading }] = useMutation(FAVORITE_COMPANY);
  const toggleFavorite = useCallback(
    async (companyId: string) => {
      try {
        const { data } = await mutate({ variables: { companyId } });
        const errors = data?.favoriteCompany.errors ?? [];
        if (errors.length > 0) {
          reportServerErrors(errors);
          return;
        }
        reload();
      } catch {
        // Shown by the error link.
      }
    },
    [mutate, reload],
  );
  return { toggleFavorite, toggling: loading };
}
