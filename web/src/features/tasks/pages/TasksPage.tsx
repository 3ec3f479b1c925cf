import { Button, Flex, theme } from 'antd';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useCategoryFilter } from '../../../app/layout/categoryFilter';
import { scopeCompanies, useCompanyScope } from '../../../app/layout/useCompanyScope';
import { queryWithout } from '../../../app/router/paths';
import { useInit } from '../../../app/session/SessionProvider';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { AreaSpin } from '../../../shared/ui/FullPageSpin';
import { LazyResult } from '../../../shared/ui/lazyAntd';
import type { BulkTarget } from '../../task-list';
import { scopeAbilities } from '../../task-list';
import { useViewSelection } from '../../task-list';
import type { PersonOption } from '../../task-list';
import { useInboxRealtime } from '../../task-list';
import { listFrameStyle } from '../../task-list';
import type { CreatedThread } from '../../thread';
import { AssigneeSwitcher } from '../components/AssigneeSwitcher';
import { TasksBulkBar } from '../components/TasksBulkBar';
import { TasksHeader } from '../components/TasksHeader';
import { TasksTable } from '../components/TasksTable';
import { useTasks, type TaskRow } from '../hooks/useTasks';
import { useTasksView } from '../hooks/useTasksView';
import { useWindowWidth } from '../hooks/useWindowWidth';
import type { ExternalAction } from '../utils/externalActions';
import { tasksPath } from '../utils/tasksPath';
import { selectionKey, tasksVariables, type TasksView } from '../utils/tasksVariables';
import { loadNewThreadModal, loadThreadPane } from '../../thread/lazy';
import { useBreakpoint } from '../../../shared/hooks/useBreakpoint';

const ThreadPane = lazy(async () => ({ default: (await loadThreadPane()).ThreadPane }));
// An external action's frame opens from a row's button, never on the first render.
const ApplicationFrame = lazy(async () => ({ default: (await import('../components/ApplicationFrame')).ApplicationFrame }));
const NewThreadModal = lazy(async () => ({
  default: (await loadNewThreadModal()).NewThreadModal,
}));

/** People seen in the loaded rows (assignees), for the filter pickers. */
function peopleOf(rows: readonly TaskRow[]): PersonOption[] {
  const byId = new Map<string, string>();
  for (const row of rows) {
    if (row.responsible?.uuid) byId.set(row.responsible.uuid, row.responsible.name);
    if (row.user?.uuid && !row.user.masked) byId.set(row.user.uuid, row.user.name);
  }
  return [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

interface OpenFrame {
  readonly row: TaskRow;
  readonly action: ExternalAction;
}

/**
 * Tasks: the staff's table of threads and workflow tasks of the selected company, group or
 * all companies (spec 001 §2 Tasks route), with the open thread or an application frame
 * beside it.
 */
export function TasksPage() {
  const { t } = useTranslation('tasks');
  const { token } = theme.useToken();
  const init = useInit();
  const scope = useCompanyScope();
  const categoryIds = useCategoryFilter();
  const view = useTasksView();
  const width = useWindowWidth();
  const phone = useBreakpoint().md === false;
  const navigate = useNavigate();
  const location = useLocation();
  const { inbox_task_id: openId = null } = useParams();
  useDocumentTitle(t('page.title'));

  const tasksView = useMemo<TasksView>(
    () => ({ companyId: scope.companyId, group: scope.group, filters: view.filters, categoryIds, sort: view.sort }),
    [scope.companyId, scope.group, view.filters, categoryIds, view.sort],
  );
  const variables = useMemo(() => tasksVariables(tasksView), [tasksView]);
  const list = useTasks(variables);
  useInboxRealtime(list.refetch);

  // The selection belongs to one view: a change of company, filters or category clears it.
  const loadedIds = useMemo(() => list.rows.map((r) => r.uuid), [list.rows]);
  const picked = useViewSelection(selectionKey(tasksView), loadedIds);
  const { selection, toggle } = picked;
  const onToggleSelected = useCallback((row: TaskRow) => toggle(row.uuid), [toggle]);
  const target: BulkTarget = {
    companyId: scope.companyId,
    group: scope.group,
    taskIds: selection.mode === 'ids' ? selection.ids : null,
    folder: null,
    // The table has no tabs: all matching rows are the table's filters alone.
    tab: 'all',
    filters: variables.filters ?? null,
  };

  const [frame, setFrame] = useState<OpenFrame | null>(null);
  const [newThread, setNewThread] = useState<'closed' | 'open' | 'closing'>('closed');

  const goTo = useCallback(
    (taskId: string | null) => navigate(tasksPath(scope.companyId, taskId, location.search)),
    [location.search, navigate, scope.companyId],
  );
  // Clicking the open row again closes it.
  const onOpen = useCallback(
    (row: TaskRow) => {
      setFrame(null);
      goTo(row.uuid === openId ? null : row.uuid);
    },
    [goTo, openId],
  );
  const onClose = useCallback(() => goTo(null), [goTo]);
  const onOpenApplication = useCallback((row: TaskRow, action: ExternalAction) => setFrame({ row, action }), []);
  const onCreated = useCallback(
    (thread: CreatedThread) => {
      setNewThread('closing');
      goTo(thread.uuid);
    },
    [goTo],
  );
  const activityId = new URLSearchParams(location.search).get('activity_id');
  const onActivityConsumed = useCallback(
    () => navigate(`${location.pathname}${queryWithout(location.search, 'activity_id')}`, { replace: true }),
    [location.pathname, location.search, navigate],
  );

  const companies = useMemo(
    () => scopeCompanies({ company: scope.company, companyGroup: scope.companyGroup }, init.companies),
    [scope.company, scope.companyGroup, init.companies],
  );
  // The rules of companies no loaded row belongs to (all matching rows selected).
  const filterCompanyIds = variables.filters?.companyIds;
  const sessionAbilities = useMemo(() => scopeAbilities(companies, filterCompanyIds), [companies, filterCompanyIds]);
  const companyOptions = useMemo(
    () => (scope.company ? [] : companies.map((c) => ({ value: c.uuid, label: c.name }))),
    [scope.company, companies],
  );
  const people = useMemo(() => peopleOf(list.rows), [list.rows]);

  const side = frame ? (
    <Suspense fallback={<AreaSpin label={t('pane.opening')} />}>
      <ApplicationFrame
        key={`${frame.row.uuid}:${frame.action.id}:${frame.action.actionKey}`}
        taskId={frame.row.uuid}
        taskTitle={frame.row.title}
        companyId={frame.row.companyId}
        action={frame.action}
        onClose={() => setFrame(null)}
      />
    </Suspense>
  ) : openId ? (
    <div
      style={{
        flex: phone ? 1 : '0 0 min(50%, 760px)',
        minWidth: 0,
        display: 'flex',
        borderInlineStart: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorBgContainer,
      }}
      data-testid="tasks-thread"
    >
      <Suspense fallback={<AreaSpin label={t('pane.opening')} />}>
        <ThreadPane
          variant="tasks"
          companyId={scope.company?.uuid ?? null}
          taskId={openId}
          onClose={onClose}
          activityId={activityId}
          onActivityConsumed={onActivityConsumed}
        />
      </Suspense>
    </div>
  ) : null;
  const showList = !phone || !side;

  return (
    <Flex vertical gap={12} style={{ flex: 1, minHeight: 480 }}>
      <TasksHeader
        width={width}
        filters={view.filters}
        meId={init.user.uuid}
        companies={companyOptions}
        people={people}
        onFilters={view.setFilters}
        onQuery={view.setQuery}
        onToggleFlag={view.toggleFlag}
        onDueRange={view.setDueRange}
        assigneeSwitcher={
          <AssigneeSwitcher
            companyId={scope.company?.uuid ?? null}
            meId={init.user.uuid}
            value={view.filters.responsibleIds}
            onChange={view.setResponsible}
          />
        }
        onAddNew={() => setNewThread('open')}
      />
      <Flex style={{ ...listFrameStyle(token), background: token.colorBgContainer }}>
        {showList && (
          <section
            aria-label={t('table.region')}
            style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', minHeight: 0 }}
          >
            <div style={{ padding: '4px 12px', borderBottom: `1px solid ${token.colorSplit}` }}>
              <TasksBulkBar
                width={width}
                taskOpen={Boolean(openId || frame)}
                selection={selection}
                threads={list.rows}
                totalCount={list.totalCount}
                abilities={list.abilities}
                scopeAbilities={sessionAbilities}
                admin={init.user.userRole === 'admin'}
                canSelectAllMatching
                allowUnread
                target={target}
                onSelectVisible={picked.selectVisible}
                onSelectAllMatching={picked.selectAllMatching}
                onClear={picked.clear}
                onChanged={list.refetch}
              />
            </div>
            {list.error ? (
              <LazyResult
                status="warning"
                title={t('table.load_failed')}
                extra={<Button onClick={list.refetch}>{t('table.retry')}</Button>}
              />
            ) : (
              <TasksTable
                loading={list.loading}
                rows={list.rows}
                totalCount={list.totalCount}
                sort={view.sort}
                sortable={!view.searching}
                onSort={view.sortBy}
                openId={openId}
                onOpen={onOpen}
                onOpenApplication={onOpenApplication}
                isSelected={picked.isSelected}
                selecting={selection.mode === 'all' || selection.ids.length > 0}
                onToggleSelected={onToggleSelected}
                hasMore={list.hasMore}
                loadingMore={list.loadingMore}
                loadMoreError={list.loadMoreError}
                onLoadMore={list.loadMore}
                emptyText={view.searching ? t('table.no_results') : t('table.empty')}
              />
            )}
          </section>
        )}
        {side}
      </Flex>
      {newThread !== 'closed' && (
        <Suspense fallback={null}>
          <NewThreadModal
            open={newThread === 'open'}
            afterClose={() => setNewThread('closed')}
            companies={companies}
            chooseCompany={!scope.company}
            onClose={() => setNewThread('closing')}
            onCreated={onCreated}
          />
        </Suspense>
      )}
    </Flex>
  );
}
