import { formatDateTime } from '../../../app/i18n/dates';
import { DownOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import { Button, DatePicker, Dropdown, Empty, Flex, Progress, Result, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { WorkflowRunsQuery } from '../../../gql/graphql';
import { readTableState, writeTableState } from '../../../shared/admin/tableState';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useCoalescedRefetch, useRealtime } from '../../../shared/realtime';
import { RUNS_COMPANY_WORKFLOWS, WORKFLOW_RUNS } from './graphql';
import { RUN_PAGE_SIZES, RUN_STATES, STATE_COLOURS, asRunState, percentDone, runActions } from './runState';
import { StartRunModal, parametersOf } from './StartRunModal';
import { useFormatRuntime } from './runtime';
import { useRunActions } from './useRunActions';
import { useWorkflowAbilities, useWorkflowPaths } from './workflowPaths';
import { useInit } from '../../../app/session/SessionProvider';
import { DataTable } from '../../../shared/table/DataTable';
import { useBreakpoint } from '../../../shared/hooks/useBreakpoint';
import { useClearable } from '../../../shared/forms/useClearable';

type Run = WorkflowRunsQuery['workflowInstances']['collection'][number];

const TABLE = 'workflow_runs';
/** The company filter's value for every company the viewer may see ('' is the selected company). */
export const ALL_COMPANIES = '*';

/** Spec 002 §9: the default date range is the current period (this month) from start to end. */
function defaults() {
  return {
    states: [] as readonly string[],
    workflowId: null as string | null,
    /** Staff outside the admin panel: '' the selected company, ALL_COMPANIES, or another company's uuid. */
    company: '',
    from: dayjs().startOf('month').format('YYYY-MM-DD'),
    to: dayjs().endOf('month').format('YYYY-MM-DD'),
    limit: 50,
  };
}

/**
 * CompanyWorkflowsRun (company card tab): the company's runs, paged by keyset, with their actions.
 * AgentWorkflowsRun (staff outside the admin panel) adds a company filter across their companies.
 */
export function CompanyWorkflowRunsPage() {
  const { selected_company_id: routeCompanyId = '' } = useParams();
  const { t } = useTranslation('workflowRuns');
  const clearable = useClearable();
  const init = useInit();
  const wp = useWorkflowPaths();
  const phone = useBreakpoint().sm === false;
  const navigate = useNavigate();
  const formatRuntime = useFormatRuntime();
  useDocumentTitle(t('runs.title'));
  const [params, setParams] = useSearchParams();
  const defs = useMemo(defaults, []);
  const raw = params.get(`table_${TABLE}`);
  const { filters } = useMemo(() => readTableState(params, TABLE, defs), [raw]);
  const setFilters = (change: Partial<typeof defs>) =>
    setParams((p) => writeTableState(p, TABLE, { filters: { ...readTableState(p, TABLE, defs).filters, ...change }, page: 1 }, defs));
  // the card's tab is tied to its company; staff may look across their companies
  const companyFilter = wp.adminPanel ? '' : filters.company;
  const companyId = companyFilter === ALL_COMPANIES ? null : companyFilter || routeCompanyId;
  const may = useWorkflowAbilities(companyId);
  // keyset paging: the last run of each page before this one, kept for the filters and company they were met
  // under (another filter or company starts at the first page in the same render, with no query of stale pages)
  const listKey = `${raw ?? ''}|${companyId ?? ''}`;
  const [paging, setPaging] = useState<{ readonly key: string; readonly cursors: readonly string[] }>({ key: listKey, cursors: [] });
  const cursors = paging.key === listKey ? paging.cursors : [];
  const setCursors = (change: (c: readonly string[]) => readonly string[]) => setPaging({ key: listKey, cursors: change(cursors) });
  const limit = (RUN_PAGE_SIZES as readonly number[]).includes(filters.limit) ? filters.limit : 50;
  const variables = {
    companyId: companyId ?? undefined,
    states: filters.states.length ? [...filters.states] : undefined,
    workflowIds: filters.workflowId ? [filters.workflowId] : undefined,
    dateFrom: filters.from ? dayjs(filters.from).startOf('day').toISOString() : undefined,
    dateTo: filters.to ? dayjs(filters.to).add(1, 'day').startOf('day').toISOString() : undefined,
    limit,
    lastId: cursors.at(-1),
  };
  const { data, previousData, loading, error, refetch } = useQuery(WORKFLOW_RUNS, {
    variables,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const answer = (data ?? previousData)?.workflowInstances;
  const rows = answer?.collection ?? [];
  const cws = useQuery(RUNS_COMPANY_WORKFLOWS, { variables: { companyIds: companyId ? [companyId] : undefined } });
  const companyWorkflows = cws.data?.companyWorkflows.collection ?? [];
  const manual = companyWorkflows.filter((c) => c.workflowTriggers.some((tr) => tr.triggerType === 'manual'));
  const workflowOptions = [...new Map(companyWorkflows.map((c) => [c.workflow.uuid, c.workflow.name])).entries()].map(([value, label]) => ({ value, label }));
  const [starting, setStarting] = useState<(typeof manual)[number] | null>(null);
  const actions = useRunActions();

  // a run of this company changed: the page shows its new state
  const reload = useCoalescedRefetch(refetch);
  useRealtime(
    (event) => {
      if (event.key === 'reconnected' || companyId === null || event.data['companyId'] === companyId) reload();
    },
    ['workflow_instance.update'],
  );

  const runActionsOf = (r: Run) => {
    const can = may.steerRuns ? runActions(r.state) : { retry: false, cancel: false };
    return (
      <Space wrap size={4} style={{ justifyContent: 'flex-end' }}>
        <Link to={wp.details(r.company.uuid, r.uuid)}>{t('runs.details')}</Link>
        {can.retry ? (
          <Button size="small" type="text" onClick={() => actions.retry(r.uuid, r.workflow.name)} aria-label={t('runs.retry_named', { workflow: r.workflow.name })}>
            {t('runs.retry')}
          </Button>
        ) : null}
        {can.cancel ? (
          <Button
            size="small"
            type="text"
            danger
            onClick={() => actions.cancel(r.uuid, r.workflow.name)}
            aria-label={t('runs.cancel_named', { workflow: r.workflow.name })}
          >
            {t('runs.cancel')}
          </Button>
        ) : null}
      </Space>
    );
  };

  const columns: TableColumnsType<Run> = [
    {
      key: 'workflow',
      title: t('runs.col.workflow'),
      render: (_, r) => {
        const name = (
          <Link to={wp.details(r.company.uuid, r.uuid)} aria-label={t('runs.details_named', { workflow: r.workflow.name })}>
            {r.workflow.name}
          </Link>
        );
        // On a phone the actions column is hidden (its buttons would be cut off): they go under the name.
        return phone ? (
          <Flex vertical gap={4} align="start">
            {name}
            {runActionsOf(r)}
          </Flex>
        ) : (
          name
        );
      },
    },
    ...(companyId === routeCompanyId
      ? []
      : [{ key: 'company', title: t('runs.col.company'), responsive: ['sm' as const], render: (_: unknown, r: Run) => r.company.name }]),
    {
      key: 'state',
      title: t('runs.col.state'),
      render: (_, r) => {
        const state = asRunState(r.state);
        return (
          <Flex vertical gap={2} style={{ minWidth: 110 }}>
            <Tag color={STATE_COLOURS[state]} style={{ marginInlineEnd: 0, width: 'fit-content' }} data-testid="run-state">
              {t(`state.${state}`)}
            </Tag>
            {state === 'running' || state === 'failed' ? (
              <Progress
                size="small"
                percent={percentDone(r.completedStepsCount, r.totalStepsCount)}
                status={state === 'failed' ? 'exception' : 'active'}
                aria-label={t('runs.progress', { done: r.completedStepsCount, total: r.totalStepsCount })}
              />
            ) : null}
          </Flex>
        );
      },
    },
    { key: 'version', title: t('runs.col.version'), responsive: ['md'], render: (_, r) => t('common.version', { version: r.version }) },
    {
      key: 'started',
      title: t('runs.col.started'),
      responsive: ['sm'],
      render: (_, r) => formatDateTime(r.startedAt ?? r.createdAt),
    },
    { key: 'ended', title: t('runs.col.ended'), responsive: ['lg'], render: (_, r) => (r.endedAt ? formatDateTime(r.endedAt) : '–') },
    {
      key: 'runtime',
      title: t('runs.col.runtime'),
      responsive: ['lg'],
      render: (_, r) => formatRuntime(r.startedAt ?? r.createdAt, r.endedAt),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      align: 'end',
      responsive: ['sm'],
      render: (_, r) => runActionsOf(r),
    },
  ];

  const shownFrom = cursors.length * limit;
  const more = answer ? shownFrom + rows.length < answer.totalCount : false;
  const range: [Dayjs | null, Dayjs | null] = [filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null];

  return (
    <Flex vertical gap={16} data-testid="workflow-runs">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={wp.adminPanel ? 2 : 1} style={{ fontSize: 20, margin: 0 }}>
          {t('runs.title')}
        </Typography.Title>
        <Space wrap>
          <Link to={wp.companyWorkflows(companyId ?? routeCompanyId)}>{t('runs.to_workflows')}</Link>
          {may.steerRuns ? (
          <Dropdown
            disabled={manual.length === 0}
            menu={{
              items: manual.map((c) => ({ key: c.uuid, label: companyId ? c.workflow.name : `${c.workflow.name} · ${c.company.name}` })),
              onClick: ({ key }) => setStarting(manual.find((c) => c.uuid === key) ?? null),
            }}
          >
            <Button type="primary">
              {t('start.button')} <DownOutlined />
            </Button>
          </Dropdown>
          ) : null}
        </Space>
      </Flex>
      <Flex gap={8} wrap>
        {wp.adminPanel ? null : (
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 200, flex: '1 1 200px', maxWidth: 320 }}
            aria-label={t('runs.filter_company')}
            value={companyFilter || routeCompanyId}
            onChange={(v: string) => setFilters({ company: v === routeCompanyId ? '' : v })}
            options={[
              { value: ALL_COMPANIES, label: t('runs.all_companies') },
              ...init.companies.map((c) => ({ value: c.uuid, label: c.name })),
            ]}
          />
        )}
        <Select
          mode="multiple"
          allowClear={clearable}
          style={{ minWidth: 200, flex: '1 1 200px', maxWidth: 360 }}
          aria-label={t('runs.filter_state')}
          placeholder={t('runs.filter_state')}
          value={[...filters.states]}
          onChange={(states: string[]) => setFilters({ states })}
          options={RUN_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
        />
        <Select
          allowClear={clearable}
          style={{ minWidth: 200, flex: '1 1 200px', maxWidth: 320 }}
          aria-label={t('runs.filter_workflow')}
          placeholder={t('runs.filter_workflow')}
          value={filters.workflowId ?? undefined}
          onChange={(v: string | undefined) => setFilters({ workflowId: v ?? null })}
          options={workflowOptions}
        />
        <DatePicker.RangePicker
          aria-label={t('runs.filter_dates')}
          value={range}
          allowEmpty={[true, true]}
          onChange={(v) => setFilters({ from: v?.[0]?.format('YYYY-MM-DD') ?? '', to: v?.[1]?.format('YYYY-MM-DD') ?? '' })}
        />
        <Select
          style={{ width: 130 }}
          aria-label={t('runs.page_size')}
          value={limit}
          onChange={(v: number) => setFilters({ limit: v })}
          options={RUN_PAGE_SIZES.map((n) => ({ value: n, label: t('runs.per_page', { n }) }))}
        />
      </Flex>
      {error && !answer ? (
        <Result status="warning" title={t('common.load_failed')} extra={<Button onClick={() => void refetch()}>{t('common.retry')}</Button>} />
      ) : (
        <DataTable<Run>
          aria-label={t('runs.title')}
          rowKey={(r) => r.uuid}
          columns={columns}
          dataSource={[...rows]}
          loading={loading}
          skeleton={loading && !answer}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('runs.empty')} /> }}
        />
      )}
      {answer && (cursors.length > 0 || more) ? (
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type="secondary">
            {t('runs.showing', { from: shownFrom + 1, to: shownFrom + rows.length, total: answer.totalCount })}
          </Typography.Text>
          <Space>
            <Button disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
              {t('runs.previous')}
            </Button>
            <Button disabled={!more} onClick={() => setCursors((c) => [...c, rows.at(-1)?.uuid ?? ''])}>
              {t('runs.next')}
            </Button>
          </Space>
        </Flex>
      ) : null}
      {starting ? (
        <StartRunModal
          companyWorkflowId={starting.uuid}
          workflowName={starting.workflow.name}
          parameters={parametersOf(starting.workflow.structure)}
          onClose={() => setStarting(null)}
          onStarted={(id) => void navigate(wp.details(starting.company.uuid, id))}
        />
      ) : null}
    </Flex>
  );
}
