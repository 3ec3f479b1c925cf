import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Flex, Layout } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { usePlatform } from '../../shared/platform/usePlatform';
import { PageSpin } from '../../shared/ui/FullPageSpin';
import { hasPendingDownloads } from '../../features/thread';
import { SystemBanners } from '../banners/SystemBanners';
import { useInit } from '../session/SessionProvider';
import { useResponsibleReload } from '../session/useResponsibleReload';
import { isProviderStaff } from '../session/types';
import { allowsGroups, logoTarget } from './companySwitch';
import { FavoriteToggle } from './FavoriteToggle';
import { ProfileMenu } from './ProfileMenu';
import { RealtimeStatusHint } from './RealtimeStatusHint';
import { Sidebar } from './Sidebar';
import { useCompanyScope, useRememberSelectedCompany, type CompanyScopeValue } from './useCompanyScope';
import type { FavoriteTarget } from './useFavoriteCompany';
import { useRouteMeta } from './useRouteMeta';
import { loadPendingDownloads } from '../../features/thread/lazy';
import { useBreakpoint } from '../../shared/hooks/useBreakpoint';

export interface AppFrameProps {
  /** The portal for everyone, or the admin panel for its users. */
  readonly variant: 'portal' | 'admin';
}

const BORDER = '1px solid #f0f0f0';

// Loaded only when a reload left a thread PDF or attachment zip pending (spec 000 §4).
const PendingDownloads = lazy(async () => ({
  default: (await loadPendingDownloads()).PendingDownloads,
}));

const loadHeaderSelects = () => import('./headerSelects');
const CompanySwitcher = lazy(async () => ({ default: (await loadHeaderSelects()).CompanySwitcher }));
const CategorySwitcher = lazy(async () => ({ default: (await loadHeaderSelects()).CategorySwitcher }));

/** The star's subject: the selected company or group, and whether it is a favourite now. */
function favoriteOf(
  scope: CompanyScopeValue,
  favorites: readonly string[],
): { target: FavoriteTarget; favorite: boolean } | undefined {
  const { company, companyGroup } = scope;
  if (companyGroup) {
    return { target: { kind: 'group', uuid: companyGroup.uuid, name: companyGroup.name }, favorite: companyGroup.favorite };
  }
  if (!company) return undefined;
  const favorite = company.favorite || favorites.includes(company.uuid);
  return { target: { kind: 'company', uuid: company.uuid, name: company.name }, favorite };
}

/** Holds a header Select's place (its height and least width) while its chunk loads. */
function SelectPlace({ width }: { width: string }) {
  return <span aria-hidden style={{ display: 'inline-block', height: 32, minWidth: 140, width }} />;
}

// The phone's navigation drawer: loaded when it first opens, then kept (for its closing animation).
const NavDrawer = lazy(async () => ({ default: (await import('./NavDrawer')).NavDrawer }));

/**
 * The signed-in frame: system banners on top, then sidebar, header (company switcher,
 * favourite star, category switcher, profile menu) and content. The sidebar collapses
 * (on tablets too) and becomes a drawer on phones; the mobile layout (m. host, or a
 * phone that chose it) has only the Inbox and a go-to-desktop link.
 */
export function AppFrame({ variant }: AppFrameProps) {
  const init = useInit();
  const scope = useCompanyScope();
  const route = useRouteMeta();
  const location = useLocation();
  const { t } = useTranslation('common');
  const screens = useBreakpoint();
  const { platform } = usePlatform();
  const mobile = platform === 'mobile' && variant === 'portal';
  // The mobile layout is the phone's: navigation in a drawer at any width.
  const phone = screens.sm === false || mobile;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerOpen && !drawerUsed) setDrawerUsed(true);
  const adminPanel = variant === 'admin';
  useRememberSelectedCompany(scope);
  useResponsibleReload();
  // Exports a previous page left pending resume at start-up, whichever page this is.
  const [resumeDownloads] = useState(() => hasPendingDownloads(window.localStorage));

  useEffect(() => setDrawerOpen(false), [location.pathname, location.search, mobile]);

  const staff = isProviderStaff(init.user);
  // the admin panel's routes hide it unless they list every company or one (GS users, customer users, events log)
  const showCompanySwitcher = !route?.hideCompanySwitcher;
  const showCategorySwitcher = !phone && !adminPanel && staff && Boolean(route?.showCategorySwitcher);
  const favoriteTarget = favoriteOf(scope, init.favorites);
  const showFavorite = showCompanySwitcher && !adminPanel && !mobile && staff && init.companies.length > 1;
  const navOpen = phone ? drawerOpen : !collapsed;
  // one company and no group to choose here: its name, no picker (and no Select to load)
  const groupChoice = !adminPanel && allowsGroups(route) && init.groups.length > 0;
  const onlyCompany = init.companies.length === 1 && !groupChoice ? init.companies[0] : undefined;

  const logo = (short: boolean) => (
    <Flex align="center" style={{ height: 64, paddingInline: 24 }}>
      <Link to={logoTarget(adminPanel, scope)} aria-label={t('nav.home')}>
        <strong style={{ fontSize: 18, color: 'inherit' }}>{short ? t('app.name').slice(0, 1) : t('app.name')}</strong>
      </Link>
    </Flex>
  );

  return (
    // The frame is the viewport's height: banners take theirs and the panes below shrink;
    // a page taller than the rest scrolls inside the content area, never the document.
    <Flex vertical style={{ height: '100dvh', overflow: 'hidden' }}>
      {adminPanel ? null : <SystemBanners scope={scope} />}
      <Layout style={{ flex: 1, minHeight: 0 }}>
        {phone ? (
          drawerUsed ? (
            <Suspense fallback={null}>
              <NavDrawer
                open={drawerOpen}
                onClose={() => setDrawerOpen(false)}
                label={adminPanel ? t('nav.admin.label') : t('nav.label')}
              >
                {logo(false)}
                <Sidebar scope={scope} route={route} adminPanel={adminPanel} platform={mobile ? 'mobile' : 'desktop'} />
              </NavDrawer>
            </Suspense>
          ) : null
        ) : (
          <Layout.Sider
            theme="light"
            width={232}
            collapsible
            collapsed={collapsed}
            onCollapse={(value) => setCollapsed(value)}
            breakpoint="lg"
            trigger={null}
            style={{ borderInlineEnd: BORDER, overflowY: 'auto' }}
          >
            {logo(collapsed)}
            <Sidebar scope={scope} route={route} adminPanel={adminPanel} />
          </Layout.Sider>
        )}
        <Layout style={{ minWidth: 0, minHeight: 0 }}>
          <Layout.Header
            style={{ display: 'flex', alignItems: 'center', gap: phone ? 8 : 12, borderBottom: BORDER, minWidth: 0 }}
          >
            <Button
              type="text"
              icon={navOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
              aria-label={navOpen ? t('header.nav_toggle.collapse') : t('header.nav_toggle.expand')}
              aria-expanded={navOpen}
              onClick={() => (phone ? setDrawerOpen((o) => !o) : setCollapsed((c) => !c))}
            />
            {showCompanySwitcher ? (
              <div style={{ minWidth: 0, flex: phone ? 1 : '0 1 280px', display: 'flex', alignItems: 'center' }}>
                {onlyCompany ? (
                  <strong data-testid="company-name" style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {onlyCompany.name}
                  </strong>
                ) : (
                  <Suspense fallback={<SelectPlace width="100%" />}>
                    <CompanySwitcher scope={scope} route={route} kind={adminPanel ? 'companies' : 'groups'} />
                  </Suspense>
                )}
              </div>
            ) : null}
            {showFavorite && favoriteTarget ? (
              <FavoriteToggle target={favoriteTarget.target} favorite={favoriteTarget.favorite} />
            ) : null}
            {showCategorySwitcher ? (
              <Suspense fallback={<SelectPlace width="min(260px, 30vw)" />}>
                <CategorySwitcher />
              </Suspense>
            ) : null}
            {/* the phone's company switcher takes the free width itself; without it the spacer does */}
            <div style={{ flex: phone && showCompanySwitcher ? undefined : 1 }} />
            <RealtimeStatusHint />
            <ProfileMenu adminPanel={adminPanel} />
          </Layout.Header>
          <Layout.Content
            style={{
              padding: phone ? 12 : 24,
              flex: 1,
              minHeight: 0,
              overflow: 'auto',
              display: 'flex',
              flexDirection: 'column',
            }}
          >
            <Suspense fallback={<PageSpin />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
          {resumeDownloads && (
            <Suspense fallback={null}>
              <PendingDownloads />
            </Suspense>
          )}
        </Layout>
      </Layout>
    </Flex>
  );
}
