import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { logout } from '../../../app/session/leave';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';

/** /no-company: provider staff without any company can only log out. */
export function NoCompanyPage() {
  const { t } = useTranslation(['auth', 'common']);
  useDocumentTitle(t('no_company.title'));
  return (
    <Result
      status="info"
      title={<h1 style={{ font: 'inherit', margin: 0 }}>{t('no_company.title')}</h1>}
      subTitle={t('no_company.subtitle')}
      extra={
        <Button type="primary" onClick={() => void logout()}>
          {t('common:actions.logout')}
        </Button>
      }
    />
  );
}
