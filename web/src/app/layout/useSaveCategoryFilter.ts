import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import type { PorticoOperationContext } from '../apollo/client';
import { currentCategoryFilter } from './categoryFilter';
import { UPDATE_SELECTED_CATEGORY_IDS } from './graphql/updateSelectedCategoryIds';

const silent: PorticoOperationContext = { silentErrors: true };

/** Saves the agent's category filter on the server (before logout); never throws. */
export function useSaveCategoryFilter(): () => Promise<void> {
  const [mutate] = useMutation(UPDATE_SELECTED_CATEGORY_IDS, { context: silent });
  return useCallback(async () => {
    try {
      await mutate({ variables: { categoryIds: [...currentCategoryFilter()] } });
    } catch {
      // Logging out matters more than the saved filter.
    }
  }, [mutate]);
}
