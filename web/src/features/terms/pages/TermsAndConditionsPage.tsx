import { ExportOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Flex, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { findCompany } from '../../../app/session/companies';
import { useInit } from '../../../app/session/SessionProvider';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useAcceptTerms } from '../hooks/useAcceptTerms';
import { termsAddress } from '../utils/termsAddress';

const DOCUMENT_PARAGRAPHS = ['document.p1', 'document.p2', 'document.p3', 'document.p4'] as const;

/**
 * /:selected_company_id/terms-and-conditions: customers accept a company's terms before
 * they see its pages. The terms are the provider's own (TERMS_URL, opened in a new tab) or,
 * where none are configured, the portal's text shown here. On success the page reloads and
 * the guards let the user in.
 */
export function TermsAndConditionsPage() {
  const { t, i18n } = useTranslation('terms');
  const init = useInit();
  const { selected_company_id: companyId = '' } = useParams();
  const company = findCompany(init, companyId);
  const [agreed, setAgreed] = useState(false);
  const { acceptTerms, accepting } = useAcceptTerms();
  const { token } = theme.useToken();
  useDocumentTitle(t('title'));
  const address = termsAddress(init.termsUrl, i18n.language);
  const companyName = company?.name ?? '';

  const onAccept = async () => {
    if (await acceptTerms(companyId)) window.location.reload();
  };

  return (
    <Card>
      <Flex vertical gap="middle">
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Typography.Paragraph style={{ margin: 0 }}>{t('description', { company: companyName })}</Typography.Paragraph>
        {address ? (
          <Typography.Link href={address} target="_blank" rel="noopener noreferrer" data-testid="terms-link">
            {t('read_link')} <ExportOutlined aria-hidden />
          </Typography.Link>
        ) : (
          <section
            aria-label={t('document.label')}
            tabIndex={0}
            data-testid="terms-document"
            style={{
              maxHeight: '40vh',
              overflowY: 'auto',
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadiusLG,
              padding: `${token.paddingSM}px ${token.padding}px`,
            }}
          >
            {DOCUMENT_PARAGRAPHS.map((key) => (
              <Typography.Paragraph key={key}>{t(key, { company: companyName })}</Typography.Paragraph>
            ))}
          </section>
        )}
        <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} data-testid="terms-agree">
          {t('agree')}
        </Checkbox>
        <div>
          <Button type="primary" disabled={!agreed} loading={accepting} onClick={() => void onAccept()}>
            {t('accept')}
          </Button>
        </div>
      </Flex>
    </Card>
  );
}
