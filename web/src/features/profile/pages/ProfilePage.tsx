import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { Button, Flex, Result, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../app/router/paths';
import { useInit } from '../../../app/session/SessionProvider';
import { isProviderStaff } from '../../../app/session/types';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { CustomerMembershipsTable } from '../../people';
import { ProfileCard } from '../components/ProfileCard';
import { PROFILE_USER } from '../graphql/updateProfile';

export interface UserProfileProps {
  readonly titleKey: 'profile.title' | 'gs_profile.title';
  readonly back: string;
  /** The user's companies under the card (spec 002 §2.6), given the table's name. */
  readonly memberships: (label: string) => ReactNode;
}

export function ProfilePageFor({ titleKey, back, memberships }: UserProfileProps) {
  const { t } = useTranslation('profile');
  const { id = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(PROFILE_USER, { variables: { id } });
  useDocumentTitle(t(titleKey));
  const user = data?.user;
  return (
    <Flex vertical gap={16} style={{ padding: 16, maxWidth: 960, width: '100%', margin: '0 auto' }}>
      <Link to={back}>
        <ArrowLeftOutlined aria-hidden /> {t('back')}
      </Link>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t(titleKey)}
      </Typography.Title>
      {error ? (
        <Result status="warning" title={t('load_failed')} extra={<Button onClick={() => void refetch()}>{t('retry')}</Button>} />
      ) : loading || !user ? (
        <Skeleton active />
      ) : (
        <ProfileCard name={user.name} email={user.email} phone={user.phone} avatar={user.avatar} />
      )}
      <section aria-labelledby="profile-companies">
        <Typography.Title id="profile-companies" level={2} style={{ fontSize: 18, margin: '0 0 12px' }}>
          {t('companies.title')}
        </Typography.Title>
        {memberships(t('companies.title'))}
      </section>
    </Flex>
  );
}

/** Profile (/:selected_company_id/profile/:id): a company user's profile; back to People or CompanyProfile. */
export function ProfilePage() {
  const init = useInit();
  const { selected_company_id: companyId = '', id = '' } = useParams();
  const back = isProviderStaff(init.user) ? paths.people(companyId) : paths.companyProfile(companyId);
  return (
    <ProfilePageFor
      titleKey="profile.title"
      back={back}
      memberships={(label) => <CustomerMembershipsTable userId={id} label={label} />}
    />
  );
}
