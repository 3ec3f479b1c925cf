import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { reportServerErrors, reportUnexpectedError } from '../../../app/errors/reportErrors';
import { LOGIN_OPTIONS_COMPANY } from '../graphql/loginOptionsCompany';
import { UPDATE_COMPANY_LOGIN_OPTIONS } from '../graphql/updateCompanyLoginOptions';
import type { LoginSwitch } from '../utils/loginOptions';

export type LoginOptionChange =
  | { readonly field: LoginSwitch; readonly value: boolean }
  | { readonly field: 'ssoMethod'; readonly value: string };

/**
 * A company's login options in the admin panel (spec 002 §2.11): the switches and the SSO
 * method, changed one at a time. A refusal (such as
 * settings_unable_to_make_sso_the_only_login_method_without_configuration) is a toast, and the
 * switch stays as the server has it.
 */
export function useLoginOptions(companyId: string) {
  const query = useQuery(LOGIN_OPTIONS_COMPANY, {
    variables: { id: companyId },
    skip: !companyId,
    // The page shows its own failure (with a retry), not a toast besides it.
    context: { silentErrors: true },
  });
  const [mutate] = useMutation(UPDATE_COMPANY_LOGIN_OPTIONS);
  const [pending, setPending] = useState<LoginOptionChange['field'] | null>(null);

  const change = useCallback(
    async (next: LoginOptionChange): Promise<boolean> => {
      setPending(next.field);
      try {
        const { data } = await mutate({ variables: { companyId, [next.field]: next.value } });
        const answer = data?.updateCompany;
        if (answer?.errors.length) {
          reportServerErrors(answer.errors);
          return false;
        }
        if (!answer?.company) {
          reportUnexpectedError();
          return false;
        }
        return true;
      } catch {
        // The shell's error link has shown it.
        return false;
      } finally {
        setPending(null);
      }
    },
    [companyId, mutate],
  );

  return {
    company: query.data?.company ?? null,
    loading: query.loading && !query.data,
    failed: Boolean(query.error) && !query.data,
    refetch: query.refetch,
    change,
    pending,
  };
}
