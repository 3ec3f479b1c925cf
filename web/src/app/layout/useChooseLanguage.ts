import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import type { PorticoOperationContext } from '../apollo/client';
import { changeLanguage } from '../i18n/i18n';
import type { Language } from '../i18n/languages';
import { useInit } from '../session/SessionProvider';
import { UPDATE_USER_LANGUAGE } from './graphql/updateUserLanguage';

const silent: PorticoOperationContext = { silentErrors: true };

/**
 * Switches the interface language at once and stores it for the signed-in user, so the next
 * sign-in, on any browser, starts in it (init.json sends it). A failed save keeps the switch.
 */
export function useChooseLanguage(): (language: Language) => Promise<void> {
  const init = useInit();
  const [mutate] = useMutation(UPDATE_USER_LANGUAGE, { context: silent });
  const userId = init.user.uuid;
  return useCallback(
    async (language: Language) => {
      await changeLanguage(language);
      try {
        await mutate({ variables: { userId, language } });
      } catch {
        // The switch holds for this browser; the server keeps the previous choice.
      }
    },
    [mutate, userId],
  );
}
