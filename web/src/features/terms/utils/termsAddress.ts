import { DEFAULT_LANGUAGE, isLanguage } from '../../../app/i18n/languages';

/** The configured terms address in the reader's language ({lang} → en/fi/sv), or null when none is configured. */
export function termsAddress(template: string | undefined | null, language: string): string | null {
  if (!template) return null;
  const base = language.split('-')[0] ?? '';
  const lang = isLanguage(base) ? base : DEFAULT_LANGUAGE;
  return template.replaceAll('{lang}', encodeURIComponent(lang));
}
