import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { succeeded } from '../../../shared/graphql/mutationAnswer';
import { ACCEPT_TERMS } from '../graphql/acceptTerms';

export interface AcceptTermsApi {
  /** Accepts the company's terms; true on success. Failures are shown as toasts. */
  readonly acceptTerms: (companyId: string) => Promise<boolean>;
  readonly accepting: boolean;
}

export function useAcceptTerms(): AcceptTermsApi {
  const [mutate, { loading }] = useMutation(ACCEPT_TERMS);
  const acceptTerms = useCallback(
    async (companyId: string) => {
      try {
        const { data } = await mutate({ variables: { companyId } });
        return succeeded(data?.acceptTerms);
      } catch {
        // GraphQL and network errors were already shown by the shell's error link.
        return false;
      }
    },
    [mutate],
  );
  return { acceptTerms, accepting: loading };
}
