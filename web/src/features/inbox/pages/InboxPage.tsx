import { EditOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, theme } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { scopeCompanies, useCompanyScope } from '../../../app/layout/useCompanyScope';
import { queryString, queryWithout } from '../../../app/router/paths';
import { useInit } from '../../../app/session/SessionProvider';
import { isProviderStaff } from '../../../app/session/types';
import { ComingUpButton } from '../../coming-up';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { AreaSpin } from '../../../shared/ui/FullPageSpin';
import { LazyFloatButton } from '../../../shared/ui/lazyAntd';
import { usePlatform } from '../../../shared/platform/usePlatform';
import { listFrameStyle } from '../../task-list';
import { useInboxView } from '../hooks/useInboxView';
import { switchFolder } from '../../task-list';
import type { InboxThread } from '../list/hooks/useInboxThreads';
import { InboxSidebar } from '../list/InboxSidebar';
import type { CreatedThread } from '../../thread';
import { ThreadEmptyState } from '../../thread';
import { GoToDesktopLink } from './GoToDesktopLink';
import { loadNewThreadModal, loadThreadPane } from '../../thread/lazy';
import { useBreakpoint } from '../../../shared/hooks/useBreakpoint';

const ThreadPane = lazy(async () => ({ default: (await loadThreadPane()).ThreadPane }));
const NewThreadModal = lazy(async () => ({ default: (await loadNewThreadModal()).NewThreadModal }));

const FINISHED = new Set(['closed', 'failed', 'skipped', 'cancelled']);

/** The address of the inbox with a thread open (or none), keeping the company and query. */
export function inboxThreadPath(companyId: string | null, threadId: string | null, search: string): string {
  const prefix = companyId ? `/${encodeURIComponent(companyId)}` : '';
  const thread = threadId ? `/${encodeURIComponent(threadId)}` : '';
  return `${prefix}/inbox${thread}${search}`;
}

/**
 * Inbox: the threads of the selected company, group or all companies in the sidebar, and
 * the open thread beside them (spec 001 §2 Inbox route). On a phone's width the list and
 * the thread are screens of their own; the mobile layout (m. host, or a phone that chose
 * it) also has touch cards without checkboxes, 4 folder tabs and More, the thread menu,
 * the round new-message button and the go-to-desktop link.
 */
export function InboxPage() {
  const { t } = useTranslation('inbox');
  const { token } = theme.useToken();
  const init = useInit();
  const scope = useCompanyScope();
  const view = useInboxView(Boolean(scope.companyId));
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { inbox_task_id: openId = null } = useParams();
  const screens = useBreakpoint();
  const mobile = usePlatform().platform === 'mobile';
  const phone = mobile || screens.md === false;
  useDocumentTitle(t('page.title'));

  const newThreadOpen = params.get('show_new_message_modal') === '1';
  // The modal stays mounted until its closing animation ends.
  const [newThreadMounted, setNewThreadMounted] = useState(newThreadOpen);
  useEffect(() => {
    if (newThreadOpen) setNewThreadMounted(true);
  }, [newThreadOpen]);
  const setNewThreadOpen = useCallback(
    (open: boolean) =>
      setParams((p) => {
        const next = new URLSearchParams(p);
        if (open) next.set('show_new_message_modal', '1');
        else next.delete('show_new_message_modal');
        return next;
      }),
    [setParams],
  );

  /** The query a thread opens with: a search hit's activity; a finished thread's folder. */
  const openQuery = useCallback(
    (thread: InboxThread, activityId?: string | null) => {
      let search = new URLSearchParams(location.search);
      search.delete('activity_id');
      // A search hit opens at the matching message or attachment.
      if (activityId) search.set('activity_id', activityId);
      // A finished thread belongs to the Completed folder (not while searching or in the bin).
      if (FINISHED.has(thread.status) && (view.folder === 'inbox' || view.folder === 'unread')) {
        search = switchFolder(search, 'closed');
      }
      return queryString(search);
    },
    [location.search, view.folder],
  );

  // Each thread card links to its thread's address, so it opens in a new tab or is copied.
  const hrefOf = useCallback(
    (thread: InboxThread, activityId?: string | null) =>
      inboxThreadPath(scope.companyId, thread.uuid, openQuery(thread, activityId)),
    [openQuery, scope.companyId],
  );

  const onOpen = useCallback(
    (thread: InboxThread, activityId?: string | null) => {
      // Selecting the open thread again closes it.
      if (thread.uuid === openId) {
        navigate(inboxThreadPath(scope.companyId, null, queryWithout(location.search, 'activity_id')));
        return;
      }
      navigate(hrefOf(thread, activityId));
    },
    [hrefOf, location.search, navigate, openId, scope.companyId],
  );

  const onClose = useCallback(() => {
    navigate(inboxThreadPath(scope.companyId, null, queryWithout(location.search, 'activity_id')));
  }, [location.search, navigate, scope.companyId]);

  const activityId = params.get('activity_id');
  const onActivityConsumed = useCallback(
    () =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.delete('activity_id');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const onCreated = useCallback(
    (thread: CreatedThread) => {
      navigate(inboxThreadPath(scope.companyId, thread.uuid, queryWithout(location.search, 'show_new_message_modal')));
    },
    [location.search, navigate, scope.companyId],
  );

  const companies = useMemo(
    () => scopeCompanies({ company: scope.company, companyGroup: scope.companyGroup }, init.companies),
    [scope.company, scope.companyGroup, init.companies],
  );

  // Coming up: customers see their companies' (the view's); staff that of the company they look at.
  const comingUp = useMemo(() => {
    if (scope.company) return { companyIds: [scope.company.uuid] };
    if (isProviderStaff(init.user)) return null;
    return { companyIds: scope.companyGroup ? companies.map((c) => c.uuid) : undefined };
  }, [scope.company, scope.companyGroup, companies, init.user]);

  const pane = (
    <div style={{ flex: 1, minWidth: 0, display: 'flex', background: token.colorBgContainer }}>
      <Suspense fallback={<AreaSpin label={t('pane.opening')} />}>
        {openId ? (
          <ThreadPane
            companyId={scope.company?.uuid ?? null}
            taskId={openId}
            onClose={onClose}
            activityId={activityId}
            onActivityConsumed={onActivityConsumed}
            mobile={mobile}
          />
        ) : (
          <ThreadEmptyState bin={view.folder === 'bin'} />
        )}
      </Suspense>
    </div>
  );

  return (
    <Flex vertical gap={12} style={{ flex: 1, minHeight: 480 }}>
      {/* On a phone an open thread has the whole screen, with its own way back. */}
      {!(phone && openId) && (
        <Flex align="center" justify="space-between" gap={12}>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {t('page.title')}
          </Typography.Title>
          <Flex align="center" gap={8}>
            {comingUp && <ComingUpButton companyIds={comingUp.companyIds} compact={phone} />}
            {mobile ? (
              <GoToDesktopLink />
            ) : (
              <Button type="primary" icon={<EditOutlined />} onClick={() => setNewThreadOpen(true)}>
                {t('new_thread.button')}
              </Button>
            )}
          </Flex>
        </Flex>
      )}
      <Flex style={listFrameStyle(token)}>
        {(!phone || !openId) && (
          <section
            aria-label={t('list.navigation')}
            style={{
              width: phone ? '100%' : 440,
              flexShrink: 0,
              borderInlineEnd: phone ? undefined : `1px solid ${token.colorBorderSecondary}`,
              display: 'flex',
              flexDirection: 'column',
              minHeight: 0,
            }}
          >
            <InboxSidebar scope={scope} view={view} openId={openId} onOpen={onOpen} hrefOf={hrefOf} compact={phone} mobile={mobile} />
          </section>
        )}
        {(!phone || openId) && pane}
      </Flex>
      {mobile && !openId && (
        <LazyFloatButton
          type="primary"
          shape="circle"
          icon={<EditOutlined />}
          aria-label={t('new_thread.button')}
          data-testid="new-thread-fab"
          onClick={() => setNewThreadOpen(true)}
        />
      )}
      {newThreadMounted && (
        <Suspense fallback={null}>
          <NewThreadModal
            open={newThreadOpen}
            afterClose={() => setNewThreadMounted(false)}
            companies={companies}
            chooseCompany={!scope.company}
            onClose={() => setNewThreadOpen(false)}
            onCreated={onCreated}
          />
        </Suspense>
      )}
    </Flex>
  );
}
