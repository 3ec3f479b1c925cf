import { CountryFlag } from './CountryFlag';

/**
 * The flag shown beside a communication language (spec 000 §9: en, fi, sv, se, no, ee). A
 * language is not a country: English shows the British flag, Swedish (sv and se) the Swedish one.
 */
const FLAG_OF_LANGUAGE: Readonly<Record<string, string>> = { en: 'gb', fi: 'fi', sv: 'se', se: 'se', no: 'no', ee: 'ee' };

export function flagOfLanguage(language: string): string | null {
  return FLAG_OF_LANGUAGE[language.toLowerCase()] ?? null;
}

/**
 * A language's flag beside its name, decorative: the name next to it (from i18n) is what a screen
 * reader reads, so the flag adds nothing to hear (docs/decisions/0142-ui-version.md). Unknown languages show no flag.
 */
export function LanguageFlag({ language }: { readonly language: string }) {
  const country = flagOfLanguage(language);
  if (!country) return null;
  return (
    <span style={{ display: 'inline-flex', verticalAlign: 'middle' }} data-language-flag={language.toLowerCase()}>
      <CountryFlag code={country} />
    </span>
  );
}

/** A language's name with its flag in front, for select options and menus. */
export function FlaggedLanguage({ language, name }: { readonly language: string; readonly name: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <LanguageFlag language={language} />
      <span>{name}</span>
    </span>
  );
}
