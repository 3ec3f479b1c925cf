import { DesktopOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { browser } from '../../../app/session/leave';
import { desktopUrl } from '../../../shared/platform/platform';
import { selectPlatform } from '../../../shared/platform/usePlatform';

/**
 * The mobile inbox's way back to the desktop layout: stores the choice (platform_selected)
 * and, on the m. host, goes to the same page on the desktop host.
 */
export function GoToDesktopLink() {
  const { t } = useTranslation('inbox');
  return (
    <Typography.Link
      href={desktopUrl(window.location) ?? window.location.href}
      data-testid="inbox-go-to-desktop"
      onClick={(event) => {
        event.preventDefault();
        selectPlatform('desktop');
        const url = desktopUrl(window.location);
        if (url) browser.assign(url);
      }}
    >
      <DesktopOutlined aria-hidden /> {t('mobile.go_to_desktop')}
    </Typography.Link>
  );
}
