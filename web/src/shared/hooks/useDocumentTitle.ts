import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the browser tab's title to "<title> · Portico". */
export function useDocumentTitle(title: string | null | undefined): void {
  const { t } = useTranslation('common');
  const suffix = t('page.title_suffix');
  useEffect(() => {
    document.title = title ? `${title} · ${suffix}` : suffix;
  }, [title, suffix]);
}
