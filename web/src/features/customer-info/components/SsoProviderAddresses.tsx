import { Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../shared/ui/CopyButton';
import type { SsoMethod } from '../utils/ssoSettings';

export interface SsoProviderAddressesProps {
  readonly method: Exclude<SsoMethod, 'none'>;
  /** The authentication host (init.json's authUrl), e.g. https://auth.example.com. */
  readonly origin: string;
}

/**
 * What the company's identity provider needs to know about Portico (spec 002 §2.12), on the
 * authentication host: the OIDC redirect address, or the SAML service provider's metadata and
 * assertion consumer, each with a copy button.
 */
export function SsoProviderAddresses({ method, origin }: SsoProviderAddressesProps) {
  const { t } = useTranslation('customerInfo');
  const rows =
    method === 'oidc'
      ? [{ key: 'redirect', label: t('sso.addresses.oidc_redirect'), path: '/oidc/callback' }]
      : [
          { key: 'metadata', label: t('sso.addresses.saml_metadata'), path: '/saml/metadata' },
          { key: 'acs', label: t('sso.addresses.saml_acs'), path: '/saml/consume' },
        ];
  return (
    <Descriptions
      column={1}
      size="small"
      layout="vertical"
      items={rows.map((row) => ({
        key: row.key,
        label: row.label,
        children: (
          <Flex align="center" gap={4}>
            <Typography.Text code style={{ wordBreak: 'break-all' }}>
              {`${origin}${row.path}`}
            </Typography.Text>
            <CopyButton text={`${origin}${row.path}`} what={row.label} />
          </Flex>
        ),
      }))}
    />
  );
}
