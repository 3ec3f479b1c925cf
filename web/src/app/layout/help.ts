/** The help link in the navigation (opens in a new tab); VITE_PORTICO_HELP_URL overrides it. */
export const HELP_URL: string =
  (import.meta.env['VITE_PORTICO_HELP_URL'] as string | undefined) ?? 'https://help.portico.test/';
