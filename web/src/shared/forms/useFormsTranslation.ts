import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The shared forms' texts (the forms namespace) without suspending: a form in a modal would
 * otherwise blank the page behind it while they load. They are fetched on the first render;
 * `whenReady` resolves once they are here, and whatever shows a text a moment after an action
 * (a rule's message, a toast) waits for it first, so that no key is ever shown; what shows a
 * text as it renders shows it once `ready`.
 */
export function useFormsTranslation() {
  const { t, i18n, ready } = useTranslation(['forms', 'errors'], { useSuspense: false });
  const whenReady = useCallback(() => i18n.loadNamespaces(['forms', 'errors']), [i18n]);
  return { t, i18n, ready, whenReady };
}
