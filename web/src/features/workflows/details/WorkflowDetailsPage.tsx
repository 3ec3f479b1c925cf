import { useQuery } from '@apollo/client/react';
import { Alert, Button, Card, Col, Descriptions, Flex, Result, Row, Space, Tag, Typography, theme } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../app/router/paths';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { PageSpin } from '../../../shared/ui/FullPageSpin';
import { parseStructure } from '../canvas/structure';
import type { StepState, StepStates } from '../canvas/types';
import { WorkflowCanvas } from '../canvas/WorkflowCanvas';
import { useCoalescedRefetch, useRealtime } from '../../../shared/realtime';
import { asRunState, runActions, STATE_COLOURS } from '../runs/runState';
import { useWorkflowAbilities, useWorkflowPaths } from '../runs/workflowPaths';
import { useFormatRuntime } from '../runs/runtime';
import { useRunActions } from '../runs/useRunActions';
import { RunSteps } from './RunSteps';
import { WORKFLOW_INSTANCE_DETAILS } from './workflowInstanceDetails';
import { formatDateTime } from '../../../app/i18n/dates';

const STEP_STATES: readonly string[] = ['pending', 'running', 'completed', 'failed', 'skipped'];

/** The run's steps by node, in the states the canvas colours (a cancelled step shows as skipped). */
export function stepStatesOf(steps: readonly { nodeId: string; state: string }[]): StepStates {
  const out: Record<string, StepState> = {};
  for (const s of steps) {
    const state = s.state === 'cancelled' ? 'skipped' : s.state;
    if (STEP_STATES.includes(state)) out[s.nodeId] = state as StepState;
  }
  return out;
}

// antd's Breadcrumb brings its Dropdown along and made the shell's first load larger
// (npm run size); these four links need none of it.
function Trail({ label, items }: { label: string; items: readonly { key: string; title: ReactNode }[] }) {
  const { token } = theme.useToken();
  return (
    <nav aria-label={label}>
      <ol style={{ display: 'flex', flexWrap: 'wrap', gap: 8, margin: 0, padding: 0, listStyle: 'none', color: token.colorTextSecondary }}>
        {items.map((item, i) => (
          <li key={item.key} aria-current={i === items.length - 1 ? 'page' : undefined} style={{ display: 'flex', gap: 8 }}>
            {i > 0 && <span aria-hidden>/</span>}
            <span style={i === items.length - 1 ? { color: token.colorText } : undefined}>{item.title}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** WorkflowDetails: breadcrumbs, the general info with the version, and the read-only canvas. */
export function WorkflowDetailsPage() {
  const { selected_company_id: companyId = '', workflow_instance_id: instanceId = '' } = useParams();
  const { t } = useTranslation('workflowDesigner');
  const { t: tr } = useTranslation('workflowRuns');
  const { t: tc } = useTranslation('common');
  const { data, loading, error, refetch } = useQuery(WORKFLOW_INSTANCE_DETAILS, { variables: { companyId, id: instanceId } });
  const actions = useRunActions();
  const formatRuntime = useFormatRuntime();
  const wp = useWorkflowPaths();
  const may = useWorkflowAbilities(data?.workflowInstance?.company.uuid ?? (companyId || null));
  // live: each change of this run (a step began or ended) reloads it
  const reload = useCoalescedRefetch(refetch);
  useRealtime(
    (event) => {
      if (event.key === 'reconnected' || event.data['uuid'] === instanceId) reload();
    },
    ['workflow_instance.update'],
  );
  const instance = data?.workflowInstance;
  useDocumentTitle(instance?.workflow.name ?? t('details.title'));
  const parsed = useMemo(() => (instance ? parseStructure(instance.structure) : null), [instance]);
  const stepStates = useMemo(() => stepStatesOf(instance?.steps ?? []), [instance]);

  if (loading && !instance) return <PageSpin />;
  if (error && !instance) return <Result status="error" title={t('details.load_failed')} />;
  if (!instance) return <Result status="404" title={t('details.not_found')} />;
  const wf = instance.workflow;
  const state = asRunState(instance.state);
  const can = may.steerRuns ? runActions(state) : { retry: false, cancel: false };
  const params = Object.entries((instance.parameters ?? {}) as Record<string, unknown>);

  return (
    <Flex vertical gap={16}>
      <Trail
        label={t('details.breadcrumb')}
        items={[
          ...(wp.adminPanel
            ? [
                { key: 'companies', title: <Link to={paths.companies()}>{t('details.companies')}</Link> },
                { key: 'company', title: <Link to={paths.company(instance.company.uuid)}>{instance.company.name}</Link> },
              ]
            : []),
          { key: 'runs', title: <Link to={wp.runs(instance.company.uuid)}>{t('details.breadcrumb_runs')}</Link> },
          { key: 'workflow', title: wf.name },
        ]}
      />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {wf.name}
        </Typography.Title>
        <Space wrap>
          {wp.adminPanel ? (
            <Link to={paths.workflowInsights(wf.uuid)} data-testid="workflow-insights-link">
              {tc('nav.admin.workflow_insights')}
            </Link>
          ) : null}
          {instance.temporalUrl ? (
            <a href={instance.temporalUrl} target="_blank" rel="noreferrer" data-testid="temporal-link">
              {tr('details.temporal')}
            </a>
          ) : null}
          {can.retry ? <Button onClick={() => actions.retry(instance.uuid, wf.name)}>{tr('runs.retry')}</Button> : null}
          {can.cancel ? (
            <Button danger onClick={() => actions.cancel(instance.uuid, wf.name)}>
              {tr('runs.cancel')}
            </Button>
          ) : null}
        </Space>
      </Flex>
      {state === 'failed' && instance.failureReason ? (
        <Alert type="error" showIcon title={tr('details.failed', { reason: instance.failureReason })} />
      ) : null}
      <Card title={t('details.card_title')} size="small">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'version', label: t('details.version'), children: <span data-testid="workflow-details-version">{instance.version}</span> },
            {
              key: 'state',
              label: t('details.state'),
              children: (
                <Tag color={STATE_COLOURS[state]} data-testid="workflow-details-state">
                  {t(`run_state.${state}`, { defaultValue: state })}
                </Tag>
              ),
            },
            { key: 'steps', label: t('details.steps'), children: `${instance.completedStepsCount} / ${instance.totalStepsCount}` },
            { key: 'category', label: t('field.category'), children: instance.category.name },
            { key: 'countries', label: t('field.countries'), children: wf.countries.map((c) => c.name).join(', ') || '–' },
            { key: 'tags', label: t('field.tags'), children: wf.tags.length > 0 ? wf.tags.map((tag) => <Tag key={tag}>#{tag}</Tag>) : '–' },
            { key: 'label', label: t('field.label'), children: wf.label || '–' },
            { key: 'creator', label: t('details.creator'), children: wf.creator?.name ?? '–' },
            { key: 'started', label: t('details.started'), children: formatDateTime(instance.startedAt ?? instance.createdAt) },
            { key: 'ended', label: tr('details.ended'), children: instance.endedAt ? formatDateTime(instance.endedAt) : '–' },
            {
              key: 'runtime',
              label: tr('details.runtime'),
              children: <span data-testid="workflow-details-runtime">{formatRuntime(instance.startedAt ?? instance.createdAt, instance.endedAt)}</span>,
            },
            ...(instance.cancelledBy ? [{ key: 'cancelled_by', label: tr('details.cancelled_by'), children: instance.cancelledBy.name }] : []),
            {
              key: 'parameters',
              label: tr('details.parameters'),
              children: params.length ? params.map(([k, v]) => `${k}: ${String(v)}`).join(', ') : '–',
            },
            ...(wf.description ? [{ key: 'description', label: t('field.description'), children: wf.description, span: 'filled' as const }] : []),
          ]}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={17}>
          {parsed?.ok ? (
            <WorkflowCanvas graph={parsed.graph} mode="run" stepStates={stepStates} ariaLabel={t('editor.canvas_label')} height="min(60vh, 640px)" />
          ) : (
            <Result status="warning" title={t('editor.load_failed_title')} subTitle={t('editor.load_failed_text')} />
          )}
        </Col>
        <Col xs={24} xl={7}>
          <Card title={tr('details.steps')} size="small">
            <RunSteps steps={instance.steps} graph={parsed?.ok ? parsed.graph : null} companyId={instance.company.uuid} />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
