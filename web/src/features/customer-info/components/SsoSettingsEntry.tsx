import { KeyOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/router/paths';
import { canInCompany } from '../../../app/session/abilities';
import { findCompany } from '../../../app/session/companies';
import { useInit } from '../../../app/session/SessionProvider';

export interface SsoSettingsEntryProps {
  readonly companyId: string;
}

/**
 * The way to the company's SSO settings from its profile (customers) or customer info
 * (provider staff): shown only to those with ability save_sso.
 */
export function SsoSettingsEntry({ companyId }: SsoSettingsEntryProps) {
  const { t } = useTranslation('customerInfo');
  const init = useInit();
  const navigate = useNavigate();
  if (!canInCompany(init.user, findCompany(init, companyId), 'save_sso')) return null;
  return (
    <Card size="small" style={{ maxWidth: 820 }}>
      <Flex gap="middle" align="center" wrap justify="space-between">
        <Flex vertical gap={2} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Typography.Text strong>{t('sso.entry.title')}</Typography.Text>
          <Typography.Text type="secondary">{t('sso.entry.text')}</Typography.Text>
        </Flex>
        <Button icon={<KeyOutlined />} onClick={() => void navigate(paths.ssoSettings(companyId))}>
          {t('sso.title')}
        </Button>
      </Flex>
    </Card>
  );
}
