import { Button } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { usePlatform } from '../../shared/platform/usePlatform';
import { FullPageSpin } from '../../shared/ui/FullPageSpin';
import { LazyResult } from '../../shared/ui/lazyAntd';
import { notifier } from '../errors/notifier';
import { ERROR_TOAST_DURATION_S } from '../errors/serverErrors';
import { readStoredCategoryFilter, setCategoryFilter } from '../layout/categoryFilter';
import { ShellModals } from '../shell/ShellModals';
import { readRememberedCompany } from '../session/companies';
import { signOut } from '../session/initApi';
import { browser, takeRememberedRedirect } from '../session/leave';
import { useSession } from '../session/SessionProvider';
import { isAdminHost, loginCategoryFilter, resolveNavigation, type GuardNotice, type GuardSession } from './guards';
import { useVersionAtNavigation } from './useVersionAtNavigation';

/** The root's error screens (init failed, aborted navigation, a route that threw). */
function ErrorResult({ title, subTitle, extra }: { title: string; subTitle?: string; extra?: ReactNode }) {
  return <LazyResult status="error" title={<h1 style={{ font: 'inherit', margin: 0 }}>{title}</h1>} subTitle={subTitle} extra={extra} />;
}

/** Marks the page as desktop or mobile (spec 000 §2.5) for styles and tests. */
function usePlatformMark(platform: string): void {
  useEffect(() => {
    document.documentElement.dataset['platform'] = platform;
  }, [platform]);
}

/**
 * The root route: waits for the session, then runs the navigation guards on every
 * location and either renders the page or redirects.
 */
export function AppRoot() {
  const session = useSession();
  const location = useLocation();
  const { t } = useTranslation(['common', 'errors']);
  // The login page's redirect_to, used once by the first signed-in visit to Root.
  const [pendingRedirect, setPendingRedirect] = useState(takeRememberedRedirect);
  const here = `${location.pathname}${location.search}`;
  const ready = session.status === 'ready';
  const guardVersion = useVersionAtNavigation(here, session.serverVersion, ready);
  const { platform } = usePlatform();
  usePlatformMark(platform);

  const guardSession: GuardSession | null = useMemo(() => {
    if (session.status === 'ready' && session.init) return { status: 'ready', init: session.init };
    if (session.status === 'guest') return { status: 'guest' };
    return null;
  }, [session.status, session.init]);

  const result = useMemo(
    () =>
      guardSession
        ? resolveNavigation({
            location: here,
            session: guardSession,
            serverVersion: guardVersion,
            rememberedCompanyId: readRememberedCompany(),
            pendingRedirect,
            adminHost: isAdminHost(window.location.hostname),
            host: {
              protocol: window.location.protocol,
              hostname: window.location.hostname,
              port: window.location.port,
            },
          })
        : null,
    [guardSession, here, guardVersion, pendingRedirect],
  );

  // 13. The agents' category filter, once per signed-in page load.
  const init = session.init;
  useEffect(() => {
    if (!ready || !init) return;
    const stored = readStoredCategoryFilter();
    const next = loginCategoryFilter(init, stored);
    if (stored === null ? next.length > 0 : next.length !== stored.length) setCategoryFilter(next);
    // Only when the session becomes ready: later init refreshes keep the user's choice.
  }, [ready]); // eslint-disable-line react-hooks/exhaustive-deps

  // 8. Domain mismatch: sign out, then load the right host.
  const leaveUrl = result?.kind === 'leave' ? result.url : null;
  useEffect(() => {
    if (!leaveUrl) return;
    void signOut().then(() => browser.assign(leaveUrl));
  }, [leaveUrl]);

  useEffect(() => {
    if (session.status === 'ready' && pendingRedirect) setPendingRedirect(null);
  }, [session.status, pendingRedirect]);

  useEffect(() => {
    result?.notices.forEach((notice: GuardNotice) => {
      notifier().error({
        key: notice,
        title: notice === 'company_not_found' ? t('errors:page_not_found') : t('errors:unexpected'),
        duration: ERROR_TOAST_DURATION_S,
      });
    });
  }, [result, t]);

  if (session.status === 'loading') return <FullPageSpin />;
  if (session.status === 'failed' || !result) {
    return (
      <ErrorResult
        title={t('app.init_failed.title')}
        subTitle={t('app.init_failed.subtitle')}
        extra={
          <Button type="primary" onClick={session.reload}>
            {t('actions.retry')}
          </Button>
        }
      />
    );
  }
  if (result.kind === 'leave') return <FullPageSpin />;
  if (result.kind === 'aborted') {
    return <ErrorResult title={t('errors:unexpected')} />;
  }
  if (result.location !== here) return <Navigate to={result.location} replace />;
  return (
    <>
      <Outlet />
      {ready ? <ShellModals serverVersion={session.serverVersion} onUiUpdatedPage={result.route?.name === 'UiUpdated'} /> : null}
    </>
  );
}

/** Shown when a route throws (for example a page chunk that no longer exists after a deploy). */
export function RouteErrorPage() {
  const { t } = useTranslation(['common', 'errors']);
  return (
    <ErrorResult
      title={t('errors:unexpected')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('actions.refresh')}
        </Button>
      }
    />
  );
}
