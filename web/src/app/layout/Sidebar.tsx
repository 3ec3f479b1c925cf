import {
  ApartmentOutlined,
  BarChartOutlined,
  BranchesOutlined,
  CalendarOutlined,
  FormOutlined,
  FileTextOutlined,
  DesktopOutlined,
  ExportOutlined,
  FolderOutlined,
  QuestionCircleOutlined,
  IdcardOutlined,
  InboxOutlined,
  ProfileOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Menu, Tooltip, type MenuProps } from 'antd';
// The component without Badge.Ribbon (and the ribbon's styles), which the shell never shows.
import Badge from 'antd/es/badge/Badge';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useInboxUnreadCount } from '../../features/inbox';
import { desktopUrl, type Platform } from '../../shared/platform/platform';
import { selectPlatform } from '../../shared/platform/usePlatform';
import type { RouteMeta } from '../router/routeTable';
import { browser } from '../session/leave';
import { useInit } from '../session/SessionProvider';
import { HELP_URL } from './help';
import { activeNavKey, formatUnreadBadge, navItems, type NavKey } from './navItems';
import type { CompanyScopeValue } from './useCompanyScope';

const ICONS: Record<NavKey, ReactNode> = {
  inbox: <InboxOutlined />,
  tasks: <UnorderedListOutlined />,
  files: <FolderOutlined />,
  my_company: <ShopOutlined />,
  customer_info: <IdcardOutlined />,
  people: <TeamOutlined />,
  analytics: <BarChartOutlined />,
  company_workflows: <BranchesOutlined />,
  workflow_forecast: <CalendarOutlined />,
  gs_users: <UserOutlined />,
  companies: <ApartmentOutlined />,
  customer_users: <TeamOutlined />,
  portal_management: <SettingOutlined />,
  events_log: <ProfileOutlined />,
  workflows: <BranchesOutlined />,
  workflow_insights: <BarChartOutlined />,
  dynamic_fields: <FormOutlined />,
};

export interface SidebarProps {
  readonly scope: CompanyScopeValue;
  readonly route: RouteMeta | undefined;
  readonly adminPanel: boolean;
  readonly platform?: Platform;
}

/** Leaves the mobile layout: the desktop host's page, or the desktop layout right here. */
function goToDesktop(): void {
  selectPlatform('desktop');
  const url = desktopUrl(window.location);
  if (url) browser.assign(url);
}

export function Sidebar({ scope, route, adminPanel, platform = 'desktop' }: SidebarProps) {
  const init = useInit();
  const { t } = useTranslation('common');
  const items = navItems({
    userType: init.user.userType,
    adminPanel,
    // a company card's company is not a choice in the admin header; its lists start from all companies
    companyId: adminPanel && route?.hideCompanySwitcher ? null : scope.companyId,
    group: scope.group,
    platform,
  });
  const wantsBadge = items.some((item) => item.unreadBadge);
  const unread = useInboxUnreadCount({ companyId: scope.companyId, group: scope.group, skip: !wantsBadge });
  const badge = formatUnreadBadge(unread);

  const menuItems: NonNullable<MenuProps['items']> = items.map((item) => ({
    key: item.key,
    icon: ICONS[item.key] ?? <FileTextOutlined />,
    label: (
      <Link to={item.to}>
        {t(item.label)}
        {item.unreadBadge && badge ? (
          <Badge
            count={badge}
            style={{ marginInlineStart: 8 }}
            aria-label={t('nav.unread', { count: unread })}
            data-testid="inbox-unread-badge"
          />
        ) : null}
      </Link>
    ),
  }));

  if (platform === 'mobile') {
    // The mobile layout has only the Inbox and the way back to the desktop layout.
    menuItems.push({
      key: 'desktop',
      icon: <DesktopOutlined />,
      label: (
        <a
          href={desktopUrl(window.location) ?? window.location.href}
          data-testid="go-to-desktop"
          onClick={(event) => {
            event.preventDefault();
            goToDesktop();
          }}
        >
          {t('nav.desktop')}
        </a>
      ),
    });
  } else {
    menuItems.push({
      key: 'help',
      icon: <QuestionCircleOutlined />,
      label: (
        <Tooltip title={t('nav.help_new_tab')} placement="right">
          <a
            href={HELP_URL}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="help-link"
            aria-label={t('nav.help_new_tab')}
          >
            {t('nav.help')} <ExportOutlined aria-hidden style={{ fontSize: 12 }} />
          </a>
        </Tooltip>
      ),
    });
  }

  const selected = activeNavKey(items, route?.name);
  return (
    <nav aria-label={adminPanel ? t('nav.admin.label') : t('nav.label')}>
      <Menu mode="inline" items={menuItems} selectedKeys={selected ? [selected] : []} style={{ borderInlineEnd: 0 }} />
    </nav>
  );
}
