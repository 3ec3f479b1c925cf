import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../app/i18n/i18n';
import { LANGUAGES, type Language } from '../../../app/i18n/languages';
import { useChooseLanguage } from '../../../app/layout/useChooseLanguage';
import { paths } from '../../../app/router/paths';
import { canInCompany } from '../../../app/session/abilities';
import { defaultCompany, readRememberedCompany } from '../../../app/session/companies';
import { useInit, useSession } from '../../../app/session/SessionProvider';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { FlaggedLanguage } from '../../../shared/ui/LanguageFlag';
import { CalendarFeedCard } from '../components/CalendarFeedCard';
import { EditGeneralInfoModal } from '../components/EditGeneralInfoModal';
import { MyCompaniesList, type MyCompany } from '../components/MyCompaniesList';
import { ProfileCard } from '../components/ProfileCard';

/** MyProfile (/my-profile): the signed-in user's card with its edit modal, language and companies. */
export function MyProfilePage() {
  const { t } = useTranslation('profile');
  const init = useInit();
  const { reload } = useSession();
  const chooseLanguage = useChooseLanguage();
  const [editing, setEditing] = useState(false);
  // the language being switched to, until the switch is done; then i18n's (so the header menu's switch shows here too)
  const [choosing, setChoosing] = useState<Language | null>(null);
  const language = choosing ?? currentLanguage();
  useDocumentTitle(t('my_profile.title'));
  const user = init.user;
  const customer = user.userType === 'customer';
  const current = defaultCompany(init, readRememberedCompany());
  const canEdit = init.companies.length === 0 || init.companies.some((c) => canInCompany(user, c, 'update', 'MyProfile'));

  const companyLink = (c: MyCompany) => {
    if (!customer) return <Link to={paths.customerInfo(c.uuid)}>{c.name}</Link>;
    const domain = c.activeCompanyDomains?.[0];
    // The selected company opens in the app; others on their own domain, in a new tab (spec 002 §2.6).
    if (c.uuid === current?.uuid || !domain) return <Link to={paths.companyProfile(c.uuid)}>{c.name}</Link>;
    return (
      <a href={`https://${domain}${paths.companyProfile(c.uuid)}`} target="_blank" rel="noopener noreferrer">
        {c.name}
      </a>
    );
  };

  return (
    <Flex vertical gap={16} style={{ padding: 16, maxWidth: 960, width: '100%', margin: '0 auto' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('my_profile.title')}
      </Typography.Title>
      <ProfileCard
        name={user.name}
        email={user.email}
        phone={user.phone}
        avatar={user.avatar}
        extra={
          canEdit ? (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t('edit.button')}
            </Button>
          ) : null
        }
      />
      <Card title={<span id="language-heading">{t('language.title')}</span>}>
        <Radio.Group
          aria-labelledby="language-heading"
          value={language}
          onChange={(e) => {
            const next = e.target.value as Language;
            setChoosing(next);
            void chooseLanguage(next).finally(() => setChoosing(null));
          }}
          options={LANGUAGES.map((lng) => ({ value: lng, label: <FlaggedLanguage language={lng} name={t(`language.${lng}`)} /> }))}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('language.hint')}
        </Typography.Paragraph>
      </Card>
      <Card title={customer ? t('companies.title') : t('companies.my_companies')}>
        <MyCompaniesList link={companyLink} />
      </Card>
      <CalendarFeedCard staff={!customer} />
      {editing ? (
        <EditGeneralInfoModal
          userId={user.uuid}
          name={user.name}
          phone={user.phone}
          avatar={user.avatar}
          onClose={() => setEditing(false)}
          onSaved={reload}
        />
      ) : null}
    </Flex>
  );
}
