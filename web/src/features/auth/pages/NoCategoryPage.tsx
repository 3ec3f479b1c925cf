import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';

/** /no-category: a customer without any category in the company. */
export function NoCategoryPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('no_category.title'));
  return (
    <Result
      status="403"
      title={<h1 style={{ font: 'inherit', margin: 0 }}>{t('no_category.title')}</h1>}
      subTitle={t('no_category.subtitle')}
    />
  );
}
