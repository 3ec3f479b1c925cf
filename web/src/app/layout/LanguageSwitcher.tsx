import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../i18n/i18n';
import { FlaggedLanguage } from '../../shared/ui/LanguageFlag';
import { LANGUAGES, type Language } from '../i18n/languages';

/** A compact language picker (the login page; signed-in users use the profile menu). */
export function LanguageSwitcher() {
  const { t } = useTranslation('common');
  return (
    <Select<Language>
      aria-label={t('language.label')}
      value={currentLanguage()}
      onChange={(lng) => void changeLanguage(lng)}
      options={LANGUAGES.map((lng) => ({ value: lng, label: <FlaggedLanguage language={lng} name={t(`language.${lng}`)} /> }))}
      variant="borderless"
      popupMatchSelectWidth={false}
    />
  );
}
