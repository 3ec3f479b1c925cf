import type { Locale } from 'antd/es/locale';
import dayjs, { type ConfigType, type Dayjs } from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import updateLocale from 'dayjs/plugin/updateLocale';
import type { Language } from './languages';

// One set of date formats per language (issue 17 item 17), kept in dayjs's locales as its
// localized tokens, so that every screen says a date the same way in its language:
//   L    a date typed or picked (date inputs)           en 23/11/2026    fi 23.11.2026            sv 2026-11-23
//   ll   a date in a list, card or header                en 23 Nov 2026   fi 23.11.2026            sv 23 nov. 2026
//   LL   a date spelled out (day dividers)               en 23 November 2026  fi 23. marraskuuta 2026  sv 23 november 2026
//   LT   a time                                          en 14:07         fi 14.07                 sv 14:07
//   lll  ll with the time                                en 23 Nov 2026 14:07  fi 23.11.2026 klo 14.07  sv 23 nov. 2026 14:07
// Finnish writes dates with numbers, and the month spelled out in its partitive
// (Kielitoimiston ohjepankki); Swedish abbreviates months with a full stop (Språkrådet).

type Formats = Record<'LT' | 'LTS' | 'L' | 'LL' | 'LLL' | 'LLLL' | 'l' | 'll' | 'lll' | 'llll', string>;

export const DATE_FORMATS: Record<Language, Formats> = {
  en: {
    LT: 'HH:mm',
    LTS: 'HH:mm:ss',
    L: 'DD/MM/YYYY',
    LL: 'D MMMM YYYY',
    LLL: 'D MMMM YYYY HH:mm',
    LLLL: 'dddd D MMMM YYYY HH:mm',
    l: 'D/M/YYYY',
    ll: 'D MMM YYYY',
    lll: 'D MMM YYYY HH:mm',
    llll: 'ddd D MMM YYYY HH:mm',
  },
  fi: {
    LT: 'H.mm',
    LTS: 'H.mm.ss',
    L: 'D.M.YYYY',
    LL: 'D. MMMM[ta] YYYY',
    LLL: 'D. MMMM[ta] YYYY [klo] H.mm',
    LLLL: 'dddd D. MMMM[ta] YYYY [klo] H.mm',
    l: 'D.M.YYYY',
    ll: 'D.M.YYYY',
    lll: 'D.M.YYYY [klo] H.mm',
    llll: 'dd D.M.YYYY [klo] H.mm',
  },
  sv: {
    LT: 'HH:mm',
    LTS: 'HH:mm:ss',
    L: 'YYYY-MM-DD',
    LL: 'D MMMM YYYY',
    LLL: 'D MMMM YYYY HH:mm',
    LLLL: 'dddd D MMMM YYYY HH:mm',
    l: 'YYYY-MM-DD',
    ll: 'D MMM YYYY',
    lll: 'D MMM YYYY HH:mm',
    llll: 'ddd D MMM YYYY HH:mm',
  },
};

/** Swedish short month names as Swedish writes them: abbreviations end in a full stop. */
const SV_MONTHS_SHORT = ['jan.', 'feb.', 'mars', 'apr.', 'maj', 'juni', 'juli', 'aug.', 'sep.', 'okt.', 'nov.', 'dec.'];

dayjs.extend(localizedFormat);
dayjs.extend(updateLocale);
dayjs.updateLocale('en', { formats: DATE_FORMATS.en });

// dayjs's Finnish and Swedish (month and weekday names) are each a chunk, fetched with the
// translations of the language being started or switched to (i18n.ts), as antd's are
// (antdLocale.ts): a first visit carries only its own language. English is dayjs's own.
const LOCALES: Record<Exclude<Language, 'en'>, { load: () => Promise<unknown>; update: Record<string, unknown> }> = {
  fi: { load: () => import('dayjs/locale/fi'), update: { formats: DATE_FORMATS.fi } },
  sv: { load: () => import('dayjs/locale/sv'), update: { formats: DATE_FORMATS.sv, monthsShort: SV_MONTHS_SHORT } },
};
const loadingLocales: Partial<Record<Language, Promise<void>>> = {};

/**
 * Fetches dayjs's locale of a language (once) and gives it the app's formats; dayjs.locale(language)
 * takes effect only after it. Never rejects: dayjs stays in English on a failure.
 */
export function loadDateLocale(language: Language): Promise<void> {
  if (language === 'en') return Promise.resolve();
  const { load, update } = LOCALES[language];
  loadingLocales[language] ??= load().then(
    () => void dayjs.updateLocale(language, update),
    () => void delete loadingLocales[language],
  );
  return loadingLocales[language];
}

const at = (value: ConfigType): Dayjs | null => {
  if (value === null || value === undefined || value === '') return null;
  const d = dayjs(value);
  return d.isValid() ? d : null;
};

/** A date in a list, card or header: 23 Nov 2026, 23.11.2026, 23 nov. 2026. Empty for none. */
export function formatDate(value: ConfigType): string {
  return at(value)?.format('ll') ?? '';
}

/** A date spelled out: 23 November 2026, 23. marraskuuta 2026, 23 november 2026. */
export function formatLongDate(value: ConfigType): string {
  return at(value)?.format('LL') ?? '';
}

/** A time of day: 14:07, 14.07. */
export function formatTime(value: ConfigType): string {
  return at(value)?.format('LT') ?? '';
}

/** A date with its time: 23 Nov 2026 14:07, 23.11.2026 klo 14.07. */
export function formatDateTime(value: ConfigType): string {
  return at(value)?.format('lll') ?? '';
}

const current = (): Formats => DATE_FORMATS[(dayjs.locale() as Language) in DATE_FORMATS ? (dayjs.locale() as Language) : 'en'];

/** A date with its weekday (run previews): llll without its time, so each language keeps its date. */
const WEEKDAY_DATE: Record<Language, string> = { en: 'ddd D MMM YYYY', fi: 'dd D.M.YYYY', sv: 'ddd D MMM YYYY' };

/** A date with its weekday: Mon 23 Nov 2026, ma 23.11.2026, mån 23 nov. 2026. */
export function formatWeekdayDate(value: ConfigType): string {
  const language = (dayjs.locale() as Language) in WEEKDAY_DATE ? (dayjs.locale() as Language) : 'en';
  return at(value)?.format(WEEKDAY_DATE[language]) ?? '';
}

/** A date with its time to the second (the events log): 23 Nov 2026 14:07:09, 23.11.2026 klo 14.07.09. */
export function formatDateTimeSeconds(value: ConfigType): string {
  const formats = current();
  return at(value)?.format(formats.lll.replace(formats.LT, formats.LTS)) ?? '';
}

/** The format of date inputs (antd DatePicker) in the current language: dayjs's L. */
export function dateInputFormat(): string {
  return current().L;
}

/** The format of date-and-time inputs in the current language: L with LT. */
export function dateTimeInputFormat(): string {
  return `${current().L} ${current().LT}`;
}

/**
 * antd's locale for a language with the language's input formats (L, LT, L LT) as the
 * default of every DatePicker, RangePicker and TimePicker: a picker that sets no format of its
 * own shows and reads dates as the language writes them (antd's own default is YYYY-MM-DD).
 */
export function withInputFormats(locale: Locale, language: Language): Locale {
  const formats = DATE_FORMATS[language];
  const picker = locale.DatePicker;
  if (!picker) return locale;
  return {
    ...locale,
    DatePicker: {
      ...picker,
      lang: { ...picker.lang, fieldDateFormat: formats.L, fieldTimeFormat: formats.LT, fieldDateTimeFormat: `${formats.L} ${formats.LT}` },
    },
  };
}
