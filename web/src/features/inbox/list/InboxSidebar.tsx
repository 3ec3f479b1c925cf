import { useApolloClient } from '@apollo/client/react';
import { Button, Flex, Radio, theme } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategoryFilter } from '../../../app/layout/categoryFilter';
import { scopeCompanies, type CompanyScopeValue } from '../../../app/layout/useCompanyScope';
import { useInit } from '../../../app/session/SessionProvider';
import { LazyResult } from '../../../shared/ui/lazyAntd';
import { BulkActions } from '../../task-list';
import type { CompanyRules } from '../../task-list';
import { scopeAbilities } from '../../task-list';
import { useViewSelection } from '../../task-list';
import type { BulkTarget } from '../../task-list';
import { FiltersPopover, type PersonOption } from '../../task-list';
import type { InboxViewValue } from '../hooks/useInboxView';
import { FolderTabs } from './FolderTabs';
import { INBOX_THREAD } from './graphql/inboxThread';
import { useInboxThreads, type InboxThread } from './hooks/useInboxThreads';
import { useInboxRealtime } from '../../task-list';
import { useSearchThreads } from './hooks/useSearchThreads';
import { bulkFolder, listVariables, searchVariables, statsVariables, type ListView } from './listVariables';
import { SearchBox } from '../../task-list';
import { ThreadList } from './ThreadList';
import { applyListMessage, messageMovesInPlace, overdueFirst } from '../realtime/listMessage';

export interface InboxSidebarProps {
  readonly scope: CompanyScopeValue;
  readonly view: InboxViewValue;
  readonly openId: string | null;
  /** Opens a thread, at the matching message of a search hit when given. */
  readonly onOpen: (thread: InboxThread, activityId?: string | null) => void;
  /** A thread's address (at the matching message of a search hit when given). */
  readonly hrefOf: (thread: InboxThread, activityId?: string | null) => string;
  /** Hides checkboxes (phones). */
  readonly compact?: boolean;
  /** The mobile inbox: 4 folder tabs and More, touch-sized cards without checkboxes. */
  readonly mobile?: boolean;
}

const NO_ABILITIES: readonly CompanyRules[] = [];

/** People seen in the loaded threads (senders and assignees), for the filter pickers. */
function peopleOf(threads: readonly InboxThread[]): PersonOption[] {
  const byId = new Map<string, string>();
  for (const th of threads) {
    if (th.user?.uuid && !th.user.masked) byId.set(th.user.uuid, th.user.name);
    if (th.responsible?.uuid) byId.set(th.responsible.uuid, th.responsible.name);
  }
  return [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * The Unread folder keeps the open thread in its place after it has been read (spec 001
 * §4 Folder membership: unread threads, except the one open).
 */
function useKeepOpenUnread(threads: readonly InboxThread[], openId: string | null): readonly InboxThread[] {
  const [kept, setKept] = useState<InboxThread | null>(null);
  const present = openId ? threads.find((th) => th.uuid === openId) : undefined;
  useEffect(() => {
    if (present) setKept(present);
    else if (!openId) setKept(null);
  }, [present, openId]);
  return useMemo(() => {
    if (!openId || present || !kept || kept.uuid !== openId) return threads;
    const keptAt = Date.parse(kept.activityAt);
    const at = threads.findIndex((th) => Date.parse(th.activityAt) < keptAt);
    return at < 0 ? [...threads, kept] : [...threads.slice(0, at), kept, ...threads.slice(at)];
  }, [threads, openId, present, kept]);
}

/**
 * The inbox's sidebar: folder tabs with counters, search, filters, the staff or customer
 * tabs, the select-all checkbox with the bulk actions, and the thread list.
 */
export function InboxSidebar({ scope, view, openId, onOpen, hrefOf, compact = false, mobile = false }: InboxSidebarProps) {
  const { t } = useTranslation('inbox');
  const { token } = theme.useToken();
  const init = useInit();
  const categoryIds = useCategoryFilter();
  const listView = useMemo<ListView>(
    () => ({
      companyId: scope.companyId,
      group: scope.group,
      folder: view.folder,
      tab: view.tab,
      filters: view.filters,
      categoryIds,
    }),
    [scope.companyId, scope.group, view.folder, view.tab, view.filters, categoryIds],
  );
  const variables = useMemo(() => listVariables(listView), [listView]);
  const searchVars = useMemo(() => searchVariables(listView), [listView]);
  const searchStatsVars = useMemo(() => statsVariables(listView), [listView]);
  const folderList = useInboxThreads(variables);
  const searchList = useSearchThreads(searchVars, searchStatsVars);
  const searching = view.folder === 'search';
  const list = searching ? searchList : folderList;
  const threads = useKeepOpenUnread(list.threads, view.folder === 'unread' ? openId : null);
  const client = useApolloClient();
  useInboxRealtime({
    reload: list.refetch,
    refreshThread: (id) =>
      void client
        .query({ query: INBOX_THREAD, variables: { companyId: scope.companyId, id }, fetchPolicy: 'network-only', context: { silentErrors: true } })
        .catch(() => undefined),
    // a new message moves a loaded card to the top in place where the view allows (decision 0151)
    applyMessage: (taskId, data) => {
      const own = data['userId'] === init.user.uuid;
      if (!variables || searching || !messageMovesInPlace(listView, own)) return false;
      const activityId = typeof data['activityId'] === 'string' ? data['activityId'] : null;
      return applyListMessage(client.cache, variables, { taskId, activityId, own }, { now: new Date(), overdueFirst: overdueFirst(view.folder) });
    },
    loaded: (id) => threads.some((th) => th.uuid === id),
    openId,
  });
  const viewCompanies = useMemo(
    () => scopeCompanies({ company: scope.company, companyGroup: scope.companyGroup }, init.companies),
    [scope.company, scope.companyGroup, init.companies],
  );
  // Lists answer the rules of their loaded threads' companies; search answers none. The
  // session's rules in the view's companies decide for the others (all matching selected).
  const abilities = searching ? NO_ABILITIES : folderList.companyAbilities;
  const filterCompanyIds = variables?.filters?.companyIds;
  const sessionAbilities = useMemo(
    () => scopeAbilities(viewCompanies, filterCompanyIds),
    [viewCompanies, filterCompanyIds],
  );

  // The selection belongs to one view: a change of company, folder, tab or filters clears it.
  const loadedIds = useMemo(() => threads.map((th) => th.uuid), [threads]);
  const picked = useViewSelection(JSON.stringify(listView), loadedIds);
  const { selection } = picked;

  const target: BulkTarget = {
    companyId: scope.companyId,
    group: scope.group,
    taskIds: selection.mode === 'ids' ? selection.ids : null,
    folder: bulkFolder(view.folder),
    tab: view.tab,
    filters: variables?.filters ?? null,
  };
  const people = useMemo(() => peopleOf(threads), [threads]);
  const companyOptions = useMemo(
    () => (scope.company ? [] : viewCompanies.map((c) => ({ value: c.uuid, label: c.name }))),
    [scope.company, viewCompanies],
  );

  return (
    <Flex vertical style={{ height: '100%', minHeight: 0, background: token.colorBgContainer }}>
      <div style={{ paddingInline: 12 }}>
        <FolderTabs
          folders={view.folders}
          active={view.folder}
          stats={list.stats}
          searchCount={view.folder === 'search' && !list.loading ? list.totalCount : null}
          onChange={view.setFolder}
          mobile={mobile}
        />
        <Flex gap={8} align="center" style={{ marginBottom: 8 }}>
          <SearchBox value={view.filters.query} onSearch={view.setQuery} />
          <FiltersPopover
            filters={view.filters}
            staff={view.staff}
            meId={init.user.uuid}
            companies={companyOptions}
            people={people}
            onApply={view.setFilters}
          />
        </Flex>
        {view.tabs.length > 1 && (
          <Radio.Group
            aria-label={t('tabs.label')}
            optionType="button"
            size="small"
            value={view.tab}
            onChange={(e) => view.setTab(e.target.value as typeof view.tab)}
            options={view.tabs.map((tab) => ({ value: tab, label: t(`tabs.${tab}`) }))}
            style={{ marginBottom: 8 }}
          />
        )}
        {!compact && !mobile && (
          <div style={{ paddingBlock: 4, borderTop: `1px solid ${token.colorSplit}` }}>
            <BulkActions
              selection={selection}
              threads={threads}
              totalCount={list.totalCount}
              abilities={abilities}
              scopeAbilities={sessionAbilities}
              admin={view.admin}
              canSelectAllMatching={view.folder !== 'search'}
              allowUnread={view.folder !== 'closed'}
              target={target}
              onSelectVisible={picked.selectVisible}
              onSelectAllMatching={picked.selectAllMatching}
              onClear={picked.clear}
            />
          </div>
        )}
      </div>
      {list.error ? (
        <LazyResult
          status="warning"
          title={t('list.load_failed')}
          extra={<Button onClick={list.refetch}>{t('list.retry')}</Button>}
        />
      ) : list.loading ? (
        <Flex vertical gap={8} style={{ padding: 12 }} aria-busy="true" aria-label={t('list.loading')}>
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} style={{ height: 64, borderRadius: 6, background: token.colorFillTertiary }} />
          ))}
        </Flex>
      ) : (
        <ThreadList
          threads={threads}
          folder={view.folder}
          openId={openId}
          isSelected={picked.isSelected}
          selectable={!compact && !mobile}
          mobile={mobile}
          showCompany={!scope.company}
          showResponsible={view.staff}
          hasMore={list.hasMore}
          loadingMore={list.loadingMore}
          loadMoreError={list.loadMoreError}
          onLoadMore={list.loadMore}
          highlights={searching ? searchList.matches : undefined}
          hrefOf={(thread) => hrefOf(thread, searching ? searchList.matches.get(thread.uuid)?.activityId : null)}
          onOpen={(thread) => onOpen(thread, searching ? searchList.matches.get(thread.uuid)?.activityId : null)}
          onToggleSelected={(th) => picked.toggle(th.uuid)}
        />
      )}
    </Flex>
  );
}
