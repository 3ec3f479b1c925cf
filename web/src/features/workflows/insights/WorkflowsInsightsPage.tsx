import { useQuery } from '@apollo/client/react';
import {  } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/router/paths';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { InsightsFrame } from './components/InsightsFrame';
import { InsightsGrid } from './components/InsightsGrid';
import { InsightsKpis } from './components/InsightsKpis';
import { FigureTable, LateByCompany, LateByStep, useRowColumns } from './components/InsightsTables';
import { InsightsToolbar } from './components/InsightsToolbar';
import { RunsChart } from './components/RunsChart';
import { WORKFLOWS_INSIGHTS } from './graphql';
import { useInsightsWindow } from './hooks/useInsightsWindow';
import { browserTimeZone } from './utils/insightsFigures';
import { useBreakpoint } from '../../../shared/hooks/useBreakpoint';

/**
 * WorkflowsInsights (admin panel): every workflow's runs in a period: the totals, runs per
 * week or month, the figures per workflow and version (with their CSV) and the tasks closed
 * late by company and by step.
 */
export function WorkflowsInsightsPage() {
  const { t } = useTranslation('workflowInsights');
  const { t: tw } = useTranslation('workflowDesigner');
  useDocumentTitle(t('all.title'));
  const window = useInsightsWindow();
  const timeZone = useMemo(browserTimeZone, []);
  const phone = useBreakpoint().md === false;
  const { data, previousData, error, refetch } = useQuery(WORKFLOWS_INSIGHTS, {
    variables: { dateFrom: window.dateFrom, dateTo: window.dateTo, timeZone },
    context: { silentErrors: true },
    notifyOnNetworkStatusChange: true,
  });
  const insights = (data ?? (error ? undefined : previousData))?.workflowsInsights;
  const columns = useRowColumns(true);
  const empty = insights !== undefined && insights.total.runsStarted + insights.total.runsCompleted + insights.total.runsFailed + insights.total.runsCancelled === 0;
  return (
    <InsightsFrame
      title={t('all.title')}
      intro={t('all.intro')}
      nav={<Link to={paths.workflows()}>{t('to_workflows')}</Link>}
      toolbar={<InsightsToolbar window={window} timeZone={insights?.timeZone ?? timeZone} />}
      error={error}
      onRetry={() => void refetch()}
      empty={empty}
    >
      <InsightsKpis total={insights?.total} />
      <RunsChart series={insights?.series} bucket={insights?.bucket} height={phone ? 220 : 300} />
      <FigureTable
        title={t('rows.by_workflow')}
        testId="insights-rows"
        columns={columns}
        rows={insights?.rows}
        rowKey={(r) => `${r.workflow?.uuid ?? ''}/${r.version ?? ''}`}
        empty={t('empty')}
        exportName={[t('file_name'), window.dateFrom, window.dateTo]}
      />
      <InsightsGrid min={520}>
        <LateByCompany rows={insights?.lateByCompany} />
        <LateByStep rows={insights?.lateByStep} withWorkflow stepName={(r) => r.title || tw('node.task')} />
      </InsightsGrid>
    </InsightsFrame>
  );
}
