import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/router/paths';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';

/** The "Page not found" page for addresses that match no route. */
export function NotFoundPage() {
  const { t } = useTranslation('system');
  const navigate = useNavigate();
  useDocumentTitle(t('not_found.title'));
  return (
    <Result
      status="404"
      title={<h1 style={{ font: 'inherit', margin: 0 }}>{t('not_found.title')}</h1>}
      subTitle={t('not_found.subtitle')}
      extra={
        <Button type="primary" onClick={() => void navigate(paths.root())}>
          {t('not_found.back')}
        </Button>
      }
    />
  );
}
