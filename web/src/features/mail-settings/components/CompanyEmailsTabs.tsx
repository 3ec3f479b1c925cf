import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AcceptedSendersList, type AcceptedKind } from './AcceptedSendersList';

export interface CompanyEmailsTabsProps {
  readonly companyId: string;
  /** The viewer may add entries (the company's `create` on CompanyAcceptedEmail / CompanyAcceptedDomain). */
  readonly canAdd: Readonly<Record<AcceptedKind, boolean>>;
}

const TABS: readonly AcceptedKind[] = ['emails', 'domains'];

/**
 * The company profile's accepted senders (spec 002 §2.10): tabs emails and domains chosen by the
 * query parameter tab (default emails); choosing a tab replaces the query with only the tab.
 */
export function CompanyEmailsTabs({ companyId, canAdd }: CompanyEmailsTabsProps) {
  const { t } = useTranslation('mailSettings');
  const [params, setParams] = useSearchParams();
  const tab: AcceptedKind = params.get('tab') === 'domains' ? 'domains' : 'emails';
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setParams(new URLSearchParams({ tab: key }))}
      items={TABS.map((kind) => ({
        key: kind,
        label: t(`${kind}.title`),
        children: kind === tab ? <AcceptedSendersList companyId={companyId} kind={kind} admin={false} canAdd={canAdd[kind]} /> : null,
      }))}
    />
  );
}
