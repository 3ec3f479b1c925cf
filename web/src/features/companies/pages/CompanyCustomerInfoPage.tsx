import { Flex } from 'antd';
import { useCompanyCard } from '../components/CompanyCardLayout';
import { CompanyInfoCard } from '../components/CompanyInfoCard';
import { HiddenViewBanners } from '../components/HiddenViewBanners';
import { DynamicSettings } from '../dynamic/DynamicSettings';

/** CompanyCustomerInfo (company card): general info and the dynamic fields, read-only, with the hidden-view banners (spec 002 §2.7). */
export function CompanyCustomerInfoPage() {
  const card = useCompanyCard();
  if (!card) return null;
  const { company } = card;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1100 }}>
      <CompanyInfoCard company={company} generalInfo hideName />
      <DynamicSettings
        companyId={company.uuid}
        categories={company.categories}
        fields={company.dynamicFields}
        editable={false}
        generalExtra={<HiddenViewBanners companyId={company.uuid} />}
      />
    </Flex>
  );
}
