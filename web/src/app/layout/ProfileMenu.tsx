import { DownOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../shared/ui/UserAvatar';
import { useInit } from '../session/SessionProvider';
import { useBreakpoint } from '../../shared/hooks/useBreakpoint';

// The menu (antd Dropdown, its items and their actions) is a chunk: fetched when the pointer
// or focus comes to the button, shown when the button is first clicked.
const loadDropdown = () => import('./ProfileMenuDropdown');
const ProfileMenuDropdown = lazy(async () => ({ default: (await loadDropdown()).ProfileMenuDropdown }));
const prefetch = () => void loadDropdown().catch(() => {});

export interface ProfileMenuProps {
  /** In the admin panel My profile and Notification settings are hidden. */
  readonly adminPanel: boolean;
}

/** The header's profile menu: profile pages, language, admin panel switch and logout. */
export function ProfileMenu({ adminPanel }: ProfileMenuProps) {
  const init = useInit();
  const { t } = useTranslation('common');
  const compact = useBreakpoint().md === false;
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  // The first click puts the button inside the Dropdown (a new element): a keyboard user's
  // focus is given back to it, so that the menu's keys work.
  const refocus = useRef(false);
  const focusAgain = useCallback((button: HTMLElement | null) => {
    if (button && refocus.current) button.focus();
  }, []);
  const openChange = useCallback((next: boolean) => {
    if (!next) refocus.current = false;
    setOpen(next);
  }, []);

  const button = (
    <Button
      ref={focusAgain}
      type="text"
      aria-label={t('header.profile_menu.label', { name: init.user.name })}
      data-testid="profile-menu"
      onPointerEnter={used ? undefined : prefetch}
      onFocus={used ? undefined : prefetch}
      onClick={
        used
          ? undefined
          : (event) => {
              refocus.current = document.activeElement === event.currentTarget;
              setUsed(true);
              setOpen(true);
            }
      }
    >
      {/* antd's Space, spelled out: Space itself was in the first load for this row only */}
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
        <UserAvatar size="small" name={init.user.name} avatar={init.user.avatar} />
        {compact ? null : <span>{init.user.name}</span>}
        <DownOutlined aria-hidden style={{ fontSize: 10 }} />
      </span>
    </Button>
  );

  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <ProfileMenuDropdown adminPanel={adminPanel} open={open} onOpenChange={openChange}>
        {button}
      </ProfileMenuDropdown>
    </Suspense>
  );
}
