import { Flex, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AcceptedKind } from './AcceptedSendersList';
import { CompanyEmailsTabs } from './CompanyEmailsTabs';
import { EmailSettingsTable } from './EmailSettingsTable';

export interface CompanyMailSectionProps {
  readonly companyId: string;
  /** The viewer may add accepted e-mails or domains (their company's `create` abilities). */
  readonly canAdd: Readonly<Record<AcceptedKind, boolean>>;
}

/**
 * The company profile's mail part (spec 002 §2.7, §2.10): the e-mail settings list, read-only
 * outside the admin panel, and the accepted e-mails and domains as tabs.
 */
export function CompanyMailSection({ companyId, canAdd }: CompanyMailSectionProps) {
  const { t } = useTranslation('mailSettings');
  const settingsId = useId();
  const sendersId = useId();
  return (
    <Flex vertical gap={16}>
      <section aria-labelledby={settingsId}>
        <Typography.Title id={settingsId} level={2} style={{ fontSize: 16 }}>
          {t('settings.title')}
        </Typography.Title>
        <EmailSettingsTable companyId={companyId} admin={false} />
      </section>
      <section aria-labelledby={sendersId}>
        <Typography.Title id={sendersId} level={2} style={{ fontSize: 16, marginBottom: 0 }}>
          {t('accepted.title')}
        </Typography.Title>
        <CompanyEmailsTabs companyId={companyId} canAdd={canAdd} />
      </section>
    </Flex>
  );
}
