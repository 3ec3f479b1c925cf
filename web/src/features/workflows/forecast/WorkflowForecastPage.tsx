import { useQuery } from '@apollo/client/react';
import { Button, Card, Col, Flex, InputNumber, Result, Row, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { readTableState, writeTableState } from '../../../shared/admin/tableState';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { ForecastCalendar } from './ForecastCalendar';
import { ForecastHeatmap, type HeatmapView } from './ForecastHeatmap';
import { ForecastList } from './ForecastList';
import { monthKey, monthOf, monthWindow, readThreshold, writeThreshold } from './forecastDays';
import { WORKFLOW_FORECAST } from './graphql';
import { useBreakpoint } from '../../../shared/hooks/useBreakpoint';
import { useClearable } from '../../../shared/forms/useClearable';

const TABLE = 'workflow_forecast';
const DEFAULTS = {
  month: '',
  day: '',
  companies: [] as readonly string[],
  categories: [] as readonly string[],
  workflows: [] as readonly string[],
  assignees: [] as readonly string[],
  view: 'assignee' as string,
};
type Filters = typeof DEFAULTS;

const storage = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage);

/**
 * WorkflowForecast (provider staff): the tasks the timed triggers' future runs will open, as a month
 * calendar of tasks due per day, the chosen day's (or the month's) tasks beside it, and a heatmap per
 * person or category below; days over the threshold this browser keeps are marked busy.
 */
export function WorkflowForecastPage() {
  const { t } = useTranslation('workflowForecast');
  const clearable = useClearable();
  useDocumentTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const raw = params.get(`table_${TABLE}`);
  const { filters, page } = useMemo(() => readTableState(params, TABLE, DEFAULTS), [raw]);
  const update = (change: Partial<Filters>, keepPage = false) =>
    setParams((p) => {
      const current = readTableState(p, TABLE, DEFAULTS);
      return writeTableState(p, TABLE, { filters: { ...current.filters, ...change }, page: keepPage ? current.page : 1 }, DEFAULTS);
    });
  const setPage = (next: number) =>
    setParams((p) => writeTableState(p, TABLE, { filters: readTableState(p, TABLE, DEFAULTS).filters, page: next }, DEFAULTS));
  const [threshold, setThreshold] = useState(() => readThreshold(storage()));
  const phone = useBreakpoint().sm === false;

  const month = monthOf(filters.month);
  const span = monthWindow(month);
  const scope = {
    companyIds: filters.companies.length ? [...filters.companies] : undefined,
    categoryIds: filters.categories.length ? [...filters.categories] : undefined,
    workflowIds: filters.workflows.length ? [...filters.workflows] : undefined,
    assigneeIds: filters.assignees.length ? [...filters.assignees] : undefined,
  };
  const { data, previousData, loading, error, refetch } = useQuery(WORKFLOW_FORECAST, { variables: { ...span, ...scope } });
  const forecast = (data ?? previousData)?.workflowForecast;
  const options = forecast?.options;
  const day = filters.day && filters.day >= span.dateFrom && filters.day <= span.dateTo ? filters.day : null;

  const goTo = (m: Dayjs) => update({ month: monthKey(m) === monthKey(monthOf(null)) ? '' : monthKey(m), day: '' });
  const select = (
    key: 'companies' | 'categories' | 'workflows' | 'assignees',
    label: string,
    choices: readonly { value: string; label: string }[] | undefined,
  ) => (
    <Select
      mode="multiple"
      allowClear={clearable}
      maxTagCount="responsive"
      aria-label={label}
      placeholder={label}
      style={{ flex: '1 1 200px', minWidth: 0, maxWidth: phone ? undefined : 320 }}
      value={[...filters[key]]}
      loading={!options && loading}
      onChange={(v: string[]) => update({ [key]: v })}
      options={choices ? [...choices] : []}
      optionFilterProp="label"
    />
  );

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {t('intro')}
        </Typography.Paragraph>
      </div>
      <Flex gap={8} wrap align="center">
        {select('companies', t('filter.companies'), options?.companies.map((c) => ({ value: c.uuid, label: c.name })))}
        {select('categories', t('filter.categories'), options?.categories.map((c) => ({ value: c.id, label: c.name })))}
        {select('workflows', t('filter.workflows'), options?.workflows.map((w) => ({ value: w.uuid, label: w.name })))}
        {select('assignees', t('filter.assignees'), options?.assignees.map((u) => ({ value: u.uuid, label: u.name })))}
        <Flex gap={8} align="center" wrap>
          <label htmlFor="forecast-threshold">{t('threshold.label')}</label>
          <InputNumber
            id="forecast-threshold"
            min={1}
            max={9999}
            precision={0}
            value={threshold}
            aria-describedby="forecast-threshold-help"
            onChange={(v) => {
              if (typeof v === 'number' && v >= 1) {
                setThreshold(v);
                writeThreshold(storage(), v);
              }
            }}
            style={{ width: 88 }}
          />
          <span>{t('threshold.suffix')}</span>
          <Typography.Text type="secondary" id="forecast-threshold-help" style={{ fontSize: 12 }}>
            {t('threshold.help')}
          </Typography.Text>
        </Flex>
      </Flex>
      {error && !forecast ? (
        <Result
          status="warning"
          title={t('load_failed')}
          extra={
            <Button type="primary" onClick={() => void refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={15}>
              <Card size="small" styles={{ body: { padding: 8 } }}>
                <ForecastCalendar
                  month={month}
                  day={day}
                  days={forecast?.days}
                  total={forecast?.totalCount}
                  loading={loading}
                  threshold={threshold}
                  onMonth={goTo}
                  onDay={(d) => update({ day: d === day ? '' : (d ?? '') })}
                />
              </Card>
            </Col>
            <Col xs={24} xl={9}>
              <ForecastList
                month={month}
                day={day}
                scope={scope}
                page={page}
                onPage={setPage}
                onWholeMonth={() => update({ day: '' })}
                nothingPlanned={options ? options.workflows.length === 0 : false}
              />
            </Col>
          </Row>
          <ForecastHeatmap
            month={month}
            view={filters.view === 'category' ? 'category' : 'assignee'}
            onView={(view: HeatmapView) => update({ view: view === 'assignee' ? DEFAULTS.view : view }, true)}
            assignees={forecast?.assignees}
            categories={forecast?.categories}
            loading={loading && !forecast}
            threshold={threshold}
          />
        </>
      )}
    </Flex>
  );
}
