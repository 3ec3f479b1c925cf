import { useQuery } from '@apollo/client/react';
import { Button, Flex, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPANY_DETAILS } from '../graphql/companies';
import { DynamicSettings } from '../dynamic/DynamicSettings';
import { CompanyInfoCard } from './CompanyInfoCard';

export interface CompanyProfileViewProps {
  readonly companyId: string;
  readonly generalInfo: boolean;
  readonly editable: boolean;
  /** Under the info card (e.g. the SSO settings entry). */
  readonly children?: ReactNode;
  /** On the dynamic settings' general tab, under its fields (the company profile's mail part). */
  readonly generalExtra?: ReactNode;
}

/** The info card and the dynamic settings of one company, with loading and error states. */
export function CompanyProfileView({ companyId, generalInfo, editable, children, generalExtra }: CompanyProfileViewProps) {
  const { t } = useTranslation('companies');
  const { data, loading, error, refetch } = useQuery(COMPANY_DETAILS, {
    variables: { id: companyId },
    skip: !companyId,
    fetchPolicy: 'cache-and-network',
  });
  const company = data?.company;
  if (!company) {
    if (loading || !companyId) return <Skeleton active paragraph={{ rows: 6 }} />;
    return (
      <Result
        status={error ? 'warning' : '404'}
        title={t(error ? 'profile.load_failed' : 'profile.not_found')}
        extra={error ? <Button onClick={() => void refetch()}>{t('profile.retry')}</Button> : null}
      />
    );
  }
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1100 }}>
      <CompanyInfoCard company={company} generalInfo={generalInfo} />
      {children}
      <DynamicSettings
        key={company.uuid}
        companyId={company.uuid}
        categories={company.categories}
        fields={company.dynamicFields}
        editable={editable}
        generalExtra={generalExtra}
      />
    </Flex>
  );
}
