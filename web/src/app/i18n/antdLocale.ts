import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import { useEffect, useState } from 'react';
import type { Language } from './languages';

// antd's own texts (empty states, pagination, pickers) per language. English is antd's
// default and in the first load anyway; Finnish and Swedish are each a chunk, fetched with the
// translations of the language being started or switched to (i18n.ts), so a first visit
// carries only its own language.
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<{ default: Locale }>> = {
  fi: () => import('antd/es/locale/fi_FI'),
  sv: () => import('antd/es/locale/sv_SE'),
};

const loaded: Partial<Record<Language, Locale>> = { en: enUS };
const loading: Partial<Record<Language, Promise<Locale>>> = {};

/** Fetches antd's locale of a language (once); never rejects: English stands in on failure. */
export function loadAntdLocale(language: Language): Promise<Locale> {
  const ready = loaded[language];
  if (ready) return Promise.resolve(ready);
  if (language === 'en') return Promise.resolve(enUS);
  loading[language] ??= LOADERS[language]().then(
    (module) => (loaded[language] = module.default),
    () => {
      delete loading[language];
      return enUS;
    },
  );
  return loading[language];
}

/** antd's locale for the language, once loaded; the last one shown until then. */
export function useAntdLocale(language: Language): Locale {
  const [shown, setShown] = useState<Locale>(() => loaded[language] ?? enUS);
  useEffect(() => {
    let live = true;
    void loadAntdLocale(language).then((locale) => {
      if (live) setShown(locale);
    });
    return () => {
      live = false;
    };
  }, [language]);
  return loaded[language] ?? shown;
}
