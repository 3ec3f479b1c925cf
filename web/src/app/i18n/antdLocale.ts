import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import { useEffect, useState } from 'react';
import { withInputFormats } from './dates';
import type { Language } from './languages';

// antd's own texts (empty states, pagination, pickers) per language. English is antd's
// default and in the first load anyway; Finnish and Swedish are each a chunk, fetched with the
// translations of the language being started or switched to (i18n.ts), so a first visit
// carries only its own language. Each carries the language's date and time input formats, so
// every picker types and shows dates as the rest of the app writes them (dates.ts).
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<{ default: Locale }>> = {
  fi: () => import('antd/es/locale/fi_FI'),
  sv: () => import('antd/es/locale/sv_SE'),
};

// What antd's Finnish and Swedish leave in English, or in another language: the page-size
// picker's name and the quick jumper's button (fi_FI has "Page Size" and the Croatian
// "Potvrdite"), and the week picker's "Choose a week" (neither has it). Not in antd's locale at
// all: Select's and Input's clear buttons ("Clear", "close-circle"; named by shared/forms/useClearable)
// and the icons' names (aria-label "close", "down", "calendar": antd's icons say what they draw).
const FIXES: Record<Exclude<Language, 'en'>, { pagination: Partial<NonNullable<Locale['Pagination']>>; weekSelect: string }> = {
  fi: { pagination: { page_size: 'Sivun koko', jump_to_confirm: 'Vahvista' }, weekSelect: 'Valitse viikko' },
  sv: { pagination: {}, weekSelect: 'Välj vecka' },
};

/** antd's locale of a language with FIXES applied. */
function fixed(locale: Locale, language: Exclude<Language, 'en'>): Locale {
  const { pagination, weekSelect } = FIXES[language];
  const picker = locale.DatePicker;
  return {
    ...locale,
    Pagination: { ...locale.Pagination, ...pagination },
    ...(picker ? { DatePicker: { ...picker, lang: { ...picker.lang, weekSelect } } } : {}),
  };
}

const english = withInputFormats(enUS, 'en');
const loaded: Partial<Record<Language, Locale>> = { en: english };
const loading: Partial<Record<Language, Promise<Locale>>> = {};

/** Fetches antd's locale of a language (once); never rejects: English stands in on failure. */
export function loadAntdLocale(language: Language): Promise<Locale> {
  const ready = loaded[language];
  if (ready) return Promise.resolve(ready);
  if (language === 'en') return Promise.resolve(english);
  loading[language] ??= LOADERS[language]().then(
    (module) => (loaded[language] = withInputFormats(fixed(module.default, language), language)),
    () => {
      delete loading[language];
      return english;
    },
  );
  return loading[language];
}

/** antd's locale for the language, once loaded; the last one shown until then. */
export function useAntdLocale(language: Language): Locale {
  const [shown, setShown] = useState<Locale>(() => loaded[language] ?? english);
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
