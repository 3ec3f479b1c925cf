import dayjs from 'dayjs';
import { loadDateLocale } from './dates';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadAntdLocale } from './antdLocale';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, readStoredLanguage, storeLanguage, type Language } from './languages';

// One JSON file per language and namespace: src/locales/<language>/<namespace>.json.
// Each becomes its own small chunk, loaded when a page first asks for its namespace.
const loaders = import.meta.glob<{ default: ResourceKey }>('../../locales/*/*.json');

/** Namespaces the shell needs before its first render. */
export const SHELL_NAMESPACES = ['common', 'errors'] as const;

const lazyJsonBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), null);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

function applyLanguageSideEffects(language: string): void {
  const lng = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  dayjs.locale(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

/** Starts i18n with the shell's namespaces and any the first page needs (fetched together). */
export function initI18n(
  language: Language = readStoredLanguage(),
  pageNamespaces: readonly string[] = [],
): Promise<unknown> {
  i18n.on('languageChanged', applyLanguageSideEffects);
  const antdLocale = loadAntdLocale(language);
  const dateLocale = loadDateLocale(language);
  const started = i18n
    .use(lazyJsonBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: [...SHELL_NAMESPACES, ...pageNamespaces],
      defaultNS: 'common',
      keySeparator: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  // i18next may announce the language (applyLanguageSideEffects) before dayjs's locale is
  // here, when dayjs.locale() does nothing: it is set again once both are.
  return Promise.all([started, antdLocale, dateLocale]).then(() => applyLanguageSideEffects(i18n.language));
}

/** Switches the interface language and remembers the choice. */
export async function changeLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  // The translations and both libraries' locales side by side; the switch once all are here, so
  // that no screen shows the new language's words with the old one's dates.
  await Promise.all([i18n.loadLanguages(language), loadDateLocale(language), loadAntdLocale(language)]);
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

export { i18n };
