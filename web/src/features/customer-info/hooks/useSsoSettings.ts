import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { CLEAR_SSO_SETTINGS } from '../graphql/clearSsoSettings';
import { OIDC_DISCOVER } from '../graphql/oidcDiscover';
import { SAVE_OIDC_SETTINGS } from '../graphql/saveOidcSettings';
import { SAVE_SAML_SETTINGS } from '../graphql/saveSamlSettings';
import { SSO_SETTINGS_COMPANY } from '../graphql/ssoSettingsCompany';
import type { OidcFormValues } from '../components/OidcSettingsForm';
import type { SamlSaveValues } from '../components/SamlSettingsForm';
import type { SaveOutcome } from '../utils/ssoSettings';

export type DiscoverOutcome = { readonly ok: true } | { readonly ok: false; readonly error: string | null };

const UNEXPECTED: SaveOutcome = { saved: false, errors: [{ code: null, message: null }] };

// After a save the company's method and the other method's settings change too.
const REFETCH = { refetchQueries: ['SsoSettingsCompany'], awaitRefetchQueries: true };

/** The company's SSO settings and the verbs of the SSO settings page (spec 002 §2.12, §7). */
export function useSsoSettings(companyId: string) {
  const client = useApolloClient();
  const query = useQuery(SSO_SETTINGS_COMPANY, {
    variables: { id: companyId },
    skip: !companyId,
    // The page shows its own failure (with a retry), not a toast besides it.
    context: { silentErrors: true },
  });
  const [saveOidcMutation, oidcState] = useMutation(SAVE_OIDC_SETTINGS, REFETCH);
  const [saveSamlMutation, samlState] = useMutation(SAVE_SAML_SETTINGS, REFETCH);
  const [clearMutation, clearState] = useMutation(CLEAR_SSO_SETTINGS, REFETCH);
  const [discovering, setDiscovering] = useState(false);

  const saveOidc = useCallback(
    async (values: OidcFormValues): Promise<SaveOutcome> => {
      try {
        const { data } = await saveOidcMutation({
          variables: {
            companyId,
            issuer: values.issuer,
            clientId: values.clientId,
            // Empty keeps the stored secret (write-only).
            clientSecret: values.clientSecret === '' ? null : values.clientSecret,
            scope: values.scope,
            emailKey: values.emailKey,
            providerName: values.providerName,
          },
        });
        const answer = data?.saveOidcSettings;
        if (answer?.errors.length) return { saved: false, errors: answer.errors };
        return answer?.oidc ? { saved: true } : UNEXPECTED;
      } catch {
        return { saved: false, errors: [] };
      }
    },
    [companyId, saveOidcMutation],
  );

  const saveSaml = useCallback(
    async (values: SamlSaveValues): Promise<SaveOutcome> => {
      // With the metadata the server reads every field from it; without, the typed fields count.
      const variables =
        values.mode === 'manifest'
          ? { companyId, samlManifest: values.samlManifest }
          : {
              companyId,
              ssoServiceUrl: values.ssoServiceUrl,
              entityId: values.entityId,
              cert: values.cert,
              certFingerprint: values.certFingerprint,
              certFingerprintAlgorithm: values.certFingerprintAlgorithm,
            };
      try {
        const { data } = await saveSamlMutation({ variables });
        const answer = data?.saveSamlSettings;
        if (answer?.errors.length) return { saved: false, errors: answer.errors };
        return answer?.saml ? { saved: true } : UNEXPECTED;
      } catch {
        return { saved: false, errors: [] };
      }
    },
    [companyId, saveSamlMutation],
  );

  const clear = useCallback(async (): Promise<SaveOutcome> => {
    try {
      const { data } = await clearMutation({ variables: { companyId } });
      const answer = data?.clearSsoSettings;
      if (answer?.errors.length) return { saved: false, errors: answer.errors };
      return answer?.success ? { saved: true } : UNEXPECTED;
    } catch {
      return { saved: false, errors: [] };
    }
  }, [companyId, clearMutation]);

  const discover = useCallback(
    async (issuer: string): Promise<DiscoverOutcome> => {
      setDiscovering(true);
      try {
        const { data } = await client.query({
          query: OIDC_DISCOVER,
          variables: { issuer, companyId },
          fetchPolicy: 'network-only',
          context: { silentErrors: true },
        });
        const answer = data?.oidcDiscover;
        return answer?.success ? { ok: true } : { ok: false, error: answer?.error ?? null };
      } catch {
        return { ok: false, error: null };
      } finally {
        setDiscovering(false);
      }
    },
    [client, companyId],
  );

  return {
    company: query.data?.company ?? null,
    loading: query.loading && !query.data,
    failed: Boolean(query.error) && !query.data,
    refetch: query.refetch,
    saveOidc,
    saveSaml,
    clear,
    discover,
    saving: oidcState.loading || samlState.loading,
    clearing: clearState.loading,
    discovering,
  };
}
