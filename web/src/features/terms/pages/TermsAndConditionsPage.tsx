import { Button, Card, Checkbox, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { findCompany } from '../../../app/session/companies';
import { useInit } from '../../../app/session/SessionProvider';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useAcceptTerms } from '../hooks/useAcceptTerms';

/**
 * /:selected_company_id/terms-and-conditions: customers accept a company's terms before
 * they see its pages. On success the page reloads and the guards let the user in.
 */
export function TermsAndConditionsPage() {
  const { t } = useTranslation('terms');
  const init = useInit();
  const { selected_company_id: companyId = '' } = useParams();
  const company = findCompany(init, companyId);
  const [agreed, setAgreed] = useState(false);
  const { acceptTerms, accepting } = useAcceptTerms();
  useDocumentTitle(t('title'));

  const onAccept = async () => {
    if (await acceptTerms(companyId)) window.location.reload();
  };

  return (
    <Card>
      <Flex vertical gap="middle">
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Typography.Paragraph style={{ margin: 0 }}>
          {t('description', { company: company?.name ?? '' })}
        </Typography.Paragraph>
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
