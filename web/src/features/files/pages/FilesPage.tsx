import { Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCompanyScope } from '../../../app/layout/useCompanyScope';
import { useInit } from '../../../app/session/SessionProvider';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { FilesWorkspace } from '../components/FilesWorkspace';

/** Files: the shared folders and files of the selected company (spec 002 §2.2). */
export function FilesPage() {
  const { t } = useTranslation('files');
  const init = useInit();
  const { company } = useCompanyScope();
  useDocumentTitle(t('page.title'));
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('page.title')}
      </Typography.Title>
      {company ? (
        <FilesWorkspace key={company.uuid} user={init.user} company={company} />
      ) : (
        <Empty description={t('empty.no_company')} />
      )}
    </Flex>
  );
}
