import { useQuery } from '@apollo/client/react';
import { Alert, Card, Flex, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../app/router/paths';
import type { WorkflowInsightsQuery } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import type { NodeHeats } from '../canvas/types';
import { HeatCanvas } from './components/HeatCanvas';
import { HeatLegend } from './components/HeatLegend';
import { InsightsFrame } from './components/InsightsFrame';
import { InsightsGrid } from './components/InsightsGrid';
import { InsightsKpis } from './components/InsightsKpis';
import { FigureTable, LateByCompany, LateByStep, useRowColumns, type FigureColumn } from './components/InsightsTables';
import { InsightsToolbar } from './components/InsightsToolbar';
import { RunsChart } from './components/RunsChart';
import { WORKFLOW_INSIGHTS } from './graphql';
import { useInsightsFormat } from './hooks/useInsightsFormat';
import { useInsightsWindow } from './hooks/useInsightsWindow';
import { stepHeat } from './utils/heat';
import { browserTimeZone, days } from './utils/insightsFigures';
import { useBreakpoint } from '../../../shared/hooks/useBreakpoint';

type Step = WorkflowInsightsQuery['workflowInsights']['steps'][number];

/**
 * WorkflowInsights (admin panel): one workflow's runs in a period: the totals, runs per week
 * or month, its steps drawn on its canvas as a heat overlay (the slower a step's median, the
 * hotter), the figures per version and per step (with their CSV) and the tasks closed late
 * by company and by step.
 */
export function WorkflowInsightsPage() {
  const { workflow_id: workflowId = '' } = useParams();
  const { t } = useTranslation('workflowInsights');
  const { t: tw } = useTranslation('workflowDesigner');
  const f = useInsightsFormat();
  const window = useInsightsWindow();
  const timeZone = useMemo(browserTimeZone, []);
  const phone = useBreakpoint().md === false;
  const version = window.version === '' ? undefined : Number(window.version);
  const { data, previousData, error, refetch } = useQuery(WORKFLOW_INSIGHTS, {
    variables: { workflowId, dateFrom: window.dateFrom, dateTo: window.dateTo, version, timeZone },
    context: { silentErrors: true },
    notifyOnNetworkStatusChange: true,
  });
  const insights = (data ?? (error ? undefined : previousData))?.workflowInsights;
  const name = insights?.workflow?.name ?? '';
  useDocumentTitle(name ? t('workflow.title', { workflow: name }) : t('all.title'));

  const stepName = (s: { title: string | null; nodeType?: string }) =>
    s.title || tw(`node.${s.nodeType ?? 'task'}`, { defaultValue: s.nodeType ?? '' });
  const heat = useMemo<NodeHeats>(() => {
    const levels = stepHeat(insights?.steps.filter((s) => s.drawn) ?? []);
    const out: Record<string, { colour: string; label: string }> = {};
    for (const s of insights?.steps ?? []) {
      const h = levels[s.nodeId];
      if (h) out[s.nodeId] = { colour: h.colour, label: t('canvas.node', { p50: f.dayText(s.cycleTimeP50), p90: f.dayText(s.cycleTimeP90) }) };
    }
    return out;
  }, [insights?.steps, t, f]);
  const rowColumns = useRowColumns(false);
  const stepColumns: FigureColumn<Step>[] = [
    {
      key: 'step',
      title: t('steps.col.step'),
      value: (s) => stepName(s),
      render: (s) => (
        <Space size={4} wrap>
          <span>{stepName(s)}</span>
          {s.drawn ? null : (
            <Typography.Text type="secondary">({t('steps.not_drawn', { version: insights?.version ?? '' })})</Typography.Text>
          )}
        </Space>
      ),
    },
    { key: 'completed', title: t('steps.col.completed'), value: (s) => s.completed, numeric: true, responsive: ['sm'] },
    { key: 'p50', title: t('steps.col.p50'), value: (s) => days(s.cycleTimeP50), numeric: true },
    { key: 'p90', title: t('steps.col.p90'), value: (s) => days(s.cycleTimeP90), numeric: true, responsive: ['sm'] },
    { key: 'late', title: t('steps.col.late'), value: (s) => s.tasksLate, numeric: true, responsive: ['md'] },
  ];
  const empty = insights !== undefined && insights.total.runsStarted + insights.total.runsCompleted + insights.total.runsFailed + insights.total.runsCancelled === 0;
  const measured = (insights?.steps ?? []).some((s) => s.completed > 0);

  return (
    <InsightsFrame
      title={name ? t('workflow.title', { workflow: name }) : t('all.title')}
      intro={t('workflow.intro')}
      nav={
        <nav aria-label={t('breadcrumb')}>
          <Space size={8} wrap>
            <Link to={paths.workflows()}>{t('to_workflows')}</Link>
            <span aria-hidden>/</span>
            <Link to={paths.workflowsInsights()}>{t('to_all')}</Link>
          </Space>
        </nav>
      }
      toolbar={<InsightsToolbar window={window} timeZone={insights?.timeZone ?? timeZone} versions={insights?.versions} />}
      error={error}
      onRetry={() => void refetch()}
      empty={empty}
    >
      <InsightsKpis total={insights?.total} />
      <RunsChart series={insights?.series} bucket={insights?.bucket} height={phone ? 220 : 300} />
      <Card
        size="small"
        title={
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            {t('canvas.title')}
          </Typography.Title>
        }
      >
        <Flex vertical gap={8}>
          <HeatLegend />
          {insights && !measured ? <Alert type="info" showIcon title={t('canvas.no_figures')} /> : null}
          {insights?.structure ? (
            <HeatCanvas
              structure={insights.structure}
              heat={heat}
              ariaLabel={t('canvas.label', { workflow: name, version: insights.version ?? '' })}
              height={phone ? 420 : 'min(60vh, 600px)'}
            />
          ) : null}
        </Flex>
      </Card>
      <FigureTable
        title={t('rows.by_version')}
        testId="insights-rows"
        columns={rowColumns}
        rows={insights?.rows}
        rowKey={(r) => String(r.version ?? '')}
        empty={t('empty')}
        exportName={[t('file_name'), name, window.dateFrom, window.dateTo]}
      />
      <InsightsGrid min={520}>
        <FigureTable<Step>
          title={t('steps.title')}
          testId="insights-steps"
          columns={stepColumns}
          rows={insights?.steps.filter((s) => s.completed > 0 || s.tasksCompleted > 0)}
          rowKey={(s) => s.nodeId}
          empty={t('canvas.no_figures')}
          exportName={[t('file_name'), name, t('steps.title'), window.dateFrom, window.dateTo]}
        />
        <LateByStep
          rows={insights?.lateByStep}
          withWorkflow={false}
          stepName={(r) => stepName({ title: r.title, nodeType: insights?.steps.find((s) => s.nodeId === r.nodeId)?.nodeType })}
        />
        <LateByCompany rows={insights?.lateByCompany} />
      </InsightsGrid>
    </InsightsFrame>
  );
}
