import { CheckOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../i18n/i18n';
import { FlaggedLanguage } from '../../shared/ui/LanguageFlag';
import { LANGUAGES } from '../i18n/languages';
import { paths } from '../router/paths';
import { logout } from '../session/leave';
import { useInit } from '../session/SessionProvider';
import { isProviderStaff } from '../session/types';
import { useChooseLanguage } from './useChooseLanguage';
import { useSaveCategoryFilter } from './useSaveCategoryFilter';

export interface ProfileMenuDropdownProps {
  /** In the admin panel My profile and Notification settings are hidden. */
  readonly adminPanel: boolean;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The header's button that opens the menu. */
  readonly children: ReactElement;
}

/** The profile menu's items and dropdown (ProfileMenu loads it when the menu is first opened). */
export function ProfileMenuDropdown({ adminPanel, open, onOpenChange, children }: ProfileMenuDropdownProps) {
  const init = useInit();
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const language = currentLanguage();
  const saveCategoryFilter = useSaveCategoryFilter();
  const chooseLanguage = useChooseLanguage();

  // My profile and Notification settings open in a new tab (spec 000 §2.5).
  const newTab = (href: string, label: string) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );

  const items: MenuProps['items'] = [
    ...(adminPanel
      ? []
      : [
          { key: 'my_profile', label: newTab(paths.myProfile(), t('header.profile_menu.my_profile')) },
          {
            key: 'notification_settings',
            label: newTab(paths.notificationSettings(), t('header.profile_menu.notification_settings')),
          },
        ]),
    {
      key: 'language',
      label: t('header.profile_menu.language'),
      children: LANGUAGES.map((lng) => ({
        key: `language:${lng}`,
        label: <FlaggedLanguage language={lng} name={t(`language.${lng}`)} />,
        icon: lng === language ? <CheckOutlined aria-hidden /> : <span aria-hidden style={{ width: 14 }} />,
      })),
    },
    ...(init.adminPanel
      ? [
          {
            key: 'panel_switch',
            label: adminPanel ? t('header.profile_menu.portal') : t('header.profile_menu.admin_panel'),
          },
        ]
      : []),
    { type: 'divider' as const },
    { key: 'logout', label: t('header.profile_menu.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith('language:')) {
      const lng = LANGUAGES.find((l) => `language:${l}` === key);
      if (lng) void chooseLanguage(lng);
    } else if (key === 'panel_switch') {
      void navigate(adminPanel ? paths.root() : paths.gsUsers());
    } else if (key === 'logout') {
      // The agents' category filter is saved on logout (spec 000 §4, Session).
      const save = isProviderStaff(init.user) ? saveCategoryFilter() : Promise.resolve();
      void save.then(() => logout());
    }
  };

  return (
    <Dropdown
      menu={{ items, onClick, selectable: false }}
      trigger={['click']}
      placement="bottomRight"
      open={open}
      onOpenChange={(next) => onOpenChange(next)}
    >
      {children}
    </Dropdown>
  );
}
