import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { canInCompany } from '../../../app/session/abilities';
import { findCompany } from '../../../app/session/companies';
import { useInit } from '../../../app/session/SessionProvider';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { CompanyProfileView } from '../../companies';
import { HiddenViewBanners } from '../../companies';
import { SsoSettingsEntry } from '../components/SsoSettingsEntry';

/** Customer info (provider staff): the info card with general info, SSO entry and dynamic settings with the hidden-view banners (spec 002 §2.7). */
export function CustomerInfoPage() {
  const { t } = useTranslation('customerInfo');
  const { selected_company_id: companyId = '' } = useParams();
  const init = useInit();
  useDocumentTitle(t('page.title'));
  const editable = canInCompany(init.user, findCompany(init, companyId), 'update', 'DynamicFieldValue');
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('page.title')}
      </Typography.Title>
      <CompanyProfileView
        companyId={companyId}
        generalInfo
        editable={editable}
        generalExtra={<HiddenViewBanners companyId={companyId} />}
      >
        <SsoSettingsEntry companyId={companyId} />
      </CompanyProfileView>
    </Flex>
  );
}
