import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../../app/router/paths';
import type { WorkflowInsightsFieldsFragment } from '../../../../gql/graphql';
import { useInsightsFormat } from '../hooks/useInsightsFormat';
import { csvFileName, downloadCsv, toCsv, type CsvCell } from '../utils/insightsCsv';
import { days, percent } from '../utils/insightsFigures';
import { DataTable } from '../../../../shared/table/DataTable';

type Row = WorkflowInsightsFieldsFragment['rows'][number];
type CompanyLate = WorkflowInsightsFieldsFragment['lateByCompany'][number];
type StepLate = WorkflowInsightsFieldsFragment['lateByStep'][number];

/** A column of a table and of its CSV: its title, and the value both show (the table through format). */
export interface FigureColumn<T> {
  readonly key: string;
  readonly title: string;
  readonly value: (row: T) => CsvCell;
  readonly render?: (row: T) => ReactNode;
  readonly numeric?: boolean;
  /** Hidden below this width (the CSV keeps it). */
  readonly responsive?: ('sm' | 'md' | 'lg' | 'xl')[];
}

/** The CSV of a table: its columns' titles and values, row by row. */
export function tableCsv<T>(columns: readonly FigureColumn<T>[], rows: readonly T[]): string {
  return toCsv(
    columns.map((c) => c.title),
    rows.map((r) => columns.map((c) => c.value(r))),
  );
}

export interface FigureTableProps<T> {
  readonly title: string;
  readonly columns: readonly FigureColumn<T>[];
  readonly rows: readonly T[] | undefined;
  readonly rowKey: (row: T) => string;
  readonly empty: string;
  /** The CSV's file name (words); none: no export. */
  readonly exportName?: readonly string[];
  readonly testId: string;
}

/** A card with a table of figures, and its export as CSV with the same numbers. */
export function FigureTable<T extends object>({ title, columns, rows, rowKey, empty, exportName, testId }: FigureTableProps<T>) {
  const { t } = useTranslation('workflowInsights');
  const f = useInsightsFormat();
  const antColumns: TableColumnsType<T> = columns.map((c) => ({
    key: c.key,
    title: c.title,
    align: c.numeric ? 'end' : 'start',
    responsive: c.responsive,
    render: (_: unknown, row: T) => {
      if (c.render) return c.render(row);
      const v = c.value(row);
      return typeof v === 'number' ? f.number(v) : (v ?? '–');
    },
  }));
  return (
    <Card
      size="small"
      title={
        <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
          {title}
        </Typography.Title>
      }
      extra={
        exportName && rows && rows.length > 0 ? (
          <Button
            size="small"
            icon={<DownloadOutlined />}
            aria-label={t('export_named', { table: title })}
            onClick={() => downloadCsv(csvFileName(...exportName), tableCsv(columns, rows))}
          >
            {t('export')}
          </Button>
        ) : null
      }
      styles={{ body: { padding: 0 } }}
    >
      <DataTable<T>
        data-testid={testId}
        aria-label={title}
        columns={antColumns}
        dataSource={rows ? [...rows] : []}
        skeleton={!rows}
        rowKey={rowKey}
        pagination={rows && rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
      />
    </Card>
  );
}

/** The columns of the figures per workflow and version. */
export function useRowColumns(withWorkflow: boolean): FigureColumn<Row>[] {
  const { t } = useTranslation('workflowInsights');
  // a workflow's page opens on the period chosen here (the window is kept in the address)
  const [params] = useSearchParams();
  const search = params.toString();
  const cols: FigureColumn<Row>[] = [];
  if (withWorkflow) {
    cols.push({
      key: 'workflow',
      title: t('rows.col.workflow'),
      value: (r) => r.workflow?.name ?? '',
      render: (r) =>
        r.workflow ? (
          <Link to={{ pathname: paths.workflowInsights(r.workflow.uuid), search }} aria-label={t('rows.open', { workflow: r.workflow.name })}>
            {r.workflow.name}
          </Link>
        ) : null,
    });
  }
  cols.push(
    { key: 'version', title: t('rows.col.version'), value: (r) => r.version, numeric: true },
    { key: 'started', title: t('rows.col.started'), value: (r) => r.runsStarted, numeric: true },
    { key: 'completed', title: t('rows.col.completed'), value: (r) => r.runsCompleted, numeric: true },
    { key: 'failed', title: t('rows.col.failed'), value: (r) => r.runsFailed, numeric: true, responsive: ['md'] },
    { key: 'cancelled', title: t('rows.col.cancelled'), value: (r) => r.runsCancelled, numeric: true, responsive: ['md'] },
    { key: 'p50', title: t('rows.col.p50'), value: (r) => days(r.cycleTimeP50), numeric: true, responsive: ['sm'] },
    { key: 'p90', title: t('rows.col.p90'), value: (r) => days(r.cycleTimeP90), numeric: true, responsive: ['lg'] },
    { key: 'tasks', title: t('rows.col.tasks'), value: (r) => r.tasksCompleted, numeric: true, responsive: ['lg'] },
    { key: 'late', title: t('rows.col.late'), value: (r) => r.tasksLate, numeric: true, responsive: ['lg'] },
  );
  return cols;
}

function useLateColumns<T extends CompanyLate | StepLate>(): FigureColumn<T>[] {
  const { t } = useTranslation('workflowInsights');
  return [
    { key: 'completed', title: t('late.col.completed'), value: (r) => r.tasksCompleted, numeric: true, responsive: ['sm'] },
    { key: 'late', title: t('late.col.late'), value: (r) => r.tasksLate, numeric: true },
    { key: 'share', title: t('late.col.share'), value: (r) => percent(r.tasksLate, r.tasksCompleted), numeric: true },
    {
      key: 'average',
      title: t('late.col.average'),
      value: (r) => (r.averageDaysLate === null ? null : Math.round(r.averageDaysLate * 10) / 10),
      numeric: true,
      responsive: ['md'],
    },
  ];
}

/** Tasks closed late, by company. */
export function LateByCompany({ rows }: { rows: readonly CompanyLate[] | undefined }) {
  const { t } = useTranslation('workflowInsights');
  const late = useLateColumns<CompanyLate>();
  return (
    <FigureTable<CompanyLate>
      title={t('late.by_company')}
      testId="late-by-company"
      columns={[{ key: 'company', title: t('late.col.company'), value: (r) => r.company?.name ?? '' }, ...late]}
      rows={rows}
      rowKey={(r) => r.company?.uuid ?? ''}
      empty={t('late.empty')}
    />
  );
}

/** Tasks closed late, by step (and workflow, when the page shows every workflow). */
export function LateByStep({ rows, withWorkflow, stepName }: { rows: readonly StepLate[] | undefined; withWorkflow: boolean; stepName: (r: StepLate) => string }) {
  const { t } = useTranslation('workflowInsights');
  const late = useLateColumns<StepLate>();
  const first: FigureColumn<StepLate>[] = [{ key: 'step', title: t('late.col.step'), value: stepName }];
  if (withWorkflow) first.unshift({ key: 'workflow', title: t('late.col.workflow'), value: (r) => r.workflow?.name ?? '', responsive: ['sm'] });
  return (
    <FigureTable<StepLate>
      title={t('late.by_step')}
      testId="late-by-step"
      columns={[...first, ...late]}
      rows={rows}
      rowKey={(r) => `${r.workflow?.uuid ?? ''}/${r.nodeId ?? ''}`}
      empty={t('late.empty')}
    />
  );
}
