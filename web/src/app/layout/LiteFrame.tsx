import { Button, Flex, Layout } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useParams } from 'react-router';
import { PageSpin } from '../../shared/ui/FullPageSpin';
import { findCompany } from '../session/companies';
import { logout } from '../session/leave';
import { useSession } from '../session/SessionProvider';

/**
 * The lite frame of TermsAndConditions, NoCategory, NoCompany and UiUpdated: a header
 * with only the company name and logout (spec 000 §2.5).
 */
export function LiteFrame() {
  const { init } = useSession();
  const { t } = useTranslation('common');
  const { selected_company_id: companyId } = useParams();
  const company = init ? findCompany(init, companyId) : undefined;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 12, borderBottom: '1px solid #f0f0f0' }}>
        <strong style={{ fontSize: 18 }}>{t('app.name')}</strong>
        {company ? <span data-testid="company-name">{company.name}</span> : null}
        <div style={{ flex: 1 }} />
        {init ? <Button onClick={() => void logout()}>{t('actions.logout')}</Button> : null}
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Flex justify="center">
          <div style={{ width: '100%', maxWidth: 720 }}>
            <Suspense fallback={<PageSpin />}>
              <Outlet />
            </Suspense>
          </div>
        </Flex>
      </Layout.Content>
    </Layout>
  );
}

/** The frame of the login page: content only, centred. */
export function BareFrame() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Content>
        <Suspense fallback={<PageSpin />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}
