import { InfoCircleOutlined } from '@ant-design/icons';
import { Card, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CompanyDetailsQuery } from '../../../gql/graphql';
import { FlaggedLanguage } from '../../../shared/ui/LanguageFlag';
import { CategoryBadges } from './CategoryBadges';

export type CompanyDetails = NonNullable<CompanyDetailsQuery['company']>;

export interface CompanyInfoCardProps {
  readonly company: CompanyDetails;
  /** The general-info table (provider views); customers see the card without it. */
  readonly generalInfo: boolean;
  /** Inside the company card the name and badges are already in the card's header. */
  readonly hideName?: boolean;
}

/** The company info card: name, category badges and the general info (spec 002 §2.7). */
export function CompanyInfoCard({ company, generalInfo, hideName = false }: CompanyInfoCardProps) {
  const { t } = useTranslation('companies');
  const none = '–';
  return (
    <Card size="small">
      <Flex vertical gap={12}>
        {hideName ? null : (
          <Flex gap={12} align="center" wrap>
            <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
              {company.name}
            </Typography.Title>
            <CategoryBadges categories={company.categories} />
          </Flex>
        )}
        {generalInfo ? (
          <>
            <Descriptions
              size="small"
              bordered
              column={{ xs: 1, md: 2 }}
              items={[
                { key: 'business_id', label: t('info.business_id'), children: company.businessId || none },
                { key: 'customer_id', label: t('info.customer_id'), children: company.porticoCustomerId || none },
                {
                  key: 'language',
                  label: t('info.communication_language'),
                  children: (
                    <FlaggedLanguage
                      language={company.communicationLanguage}
                      name={t(`info.language.${company.communicationLanguage}` as 'info.language.en', {
                        defaultValue: company.communicationLanguage,
                      })}
                    />
                  ),
                },
                { key: 'accounting', label: t('info.accounting_system'), children: company.accountingSystem || none },
                { key: 'payroll', label: t('info.payroll_system'), children: company.payrollSystem || none },
                { key: 'status', label: t('info.status'), children: company.active ? t('info.active') : t('info.inactive') },
              ]}
            />
            <Typography.Text type="secondary">
              <InfoCircleOutlined aria-hidden style={{ marginInlineEnd: 6 }} />
              {t('info.integration_note')}
            </Typography.Text>
          </>
        ) : null}
      </Flex>
    </Card>
  );
}
