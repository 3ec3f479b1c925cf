import { Button, Flex, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';

/**
 * /ui-updated: the server runs a newer UI than this page. Refresh loads it. The shell
 * keeps checking the version every 30 s and leaves this page once the versions agree.
 */
export function UiUpdatedPage() {
  const { t } = useTranslation('system');
  useDocumentTitle(t('ui_updated.title'));
  return (
    <Result
      icon={
        <Flex justify="center">
          <Spin size="large" />
        </Flex>
      }
      title={<h1 style={{ font: 'inherit', margin: 0 }}>{t('ui_updated.title')}</h1>}
      subTitle={t('ui_updated.subtitle')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('ui_updated.refresh')}
        </Button>
      }
    />
  );
}
