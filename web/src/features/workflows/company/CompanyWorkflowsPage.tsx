import { formatDateTime } from '../../../app/i18n/dates';
import { useMutation, useQuery } from '@apollo/client/react';
import { App, Button, Flex, Result, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../app/router/paths';
import type { CompanyForWorkflowsQuery, CompanyWorkflowsQuery } from '../../../gql/graphql';
import { AdminSearch, AdminTable, useAdminList } from '../../../shared/admin';
import { succeeded } from '../../../shared/graphql/mutationAnswer';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { PageSpin } from '../../../shared/ui/FullPageSpin';
import { useWorkflowAbilities, useWorkflowPaths } from '../runs/workflowPaths';
import { AddCompanyWorkflowModal } from './AddCompanyWorkflowModal';
import { COMPANY_FOR_WORKFLOWS, COMPANY_WORKFLOWS, UNASSIGN_FROM_COMPANY } from './graphql';
import { useClearable } from '../../../shared/forms/useClearable';

type Company = NonNullable<CompanyForWorkflowsQuery['company']>;
type Row = CompanyWorkflowsQuery['companyWorkflows']['collection'][number];

/** Spec 002 §9: the company workflows table shows 10 a page. */
const PAGE_SIZE = 10;
const DEFAULTS: { search: string; countryId: string | null } = { search: '', countryId: null };

/**
 * CompanyWorkflows (company card tab) and, for staff outside the admin panel, AgentCompanyWorkflows:
 * the company's workflows; add, edit and unassign for those who may.
 */
export function CompanyWorkflowsPage() {
  const { selected_company_id: companyId = '' } = useParams();
  const { t } = useTranslation('workflowRuns');
  const { data, loading, error } = useQuery(COMPANY_FOR_WORKFLOWS, { variables: { id: companyId } });
  const company = data?.company;
  useDocumentTitle(company ? t('company_workflows.title_named', { company: company.name }) : t('company_workflows.title'));
  if (loading && !company) return <PageSpin />;
  if (!company) return <Result status={error ? 'warning' : '404'} title={t(error ? 'common.load_failed' : 'common.company_not_found')} />;
  return <CompanyWorkflows company={company} />;
}

function CompanyWorkflows({ company }: { readonly company: Company }) {
  const { t } = useTranslation('workflowRuns');
  const clearable = useClearable();
  const { modal, message } = App.useApp();
  const [adding, setAdding] = useState(false);
  const wp = useWorkflowPaths();
  const may = useWorkflowAbilities(company.uuid);
  const [unassign] = useMutation(UNASSIGN_FROM_COMPANY, { refetchQueries: ['CompanyWorkflows'], awaitRefetchQueries: true });
  const list = useAdminList({
    table: 'company_workflows',
    defaults: DEFAULTS,
    pageSize: PAGE_SIZE,
    query: COMPANY_WORKFLOWS,
    variables: (f, paging) => ({
      companyIds: [company.uuid],
      search: f.search.trim() || undefined,
      countryIds: f.countryId ? [f.countryId] : undefined,
      ...paging,
    }),
    select: (d) => d.companyWorkflows,
  });

  const remove = (row: Row) =>
    modal.confirm({
      title: t('company_workflows.unassign_title', { workflow: row.workflow.name }),
      content: t('company_workflows.unassign_text', { company: company.name, country: row.country.name }),
      okText: t('company_workflows.unassign_ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      width: 460,
      onOk: async () => {
        try {
          const { data } = await unassign({ variables: { workflowId: row.workflow.uuid, companyId: company.uuid, countryId: row.country.id } });
          if (succeeded(data?.unassignWorkflowFromCompany)) void message.success(t('company_workflows.unassigned', { workflow: row.workflow.name }));
        } catch {
          // shown by the error link
        }
      },
    });

  const triggers = (row: Row) => (
    <Flex vertical gap={2}>
      {row.workflowTriggers.length === 0 ? <Typography.Text type="secondary">{t('company_workflows.no_triggers')}</Typography.Text> : null}
      {row.workflowTriggers.map((tr) => (
        <span key={tr.uuid}>
          <Tag style={{ marginInlineEnd: 4 }}>{t(`trigger.type.${tr.triggerType as 'manual'}`, { defaultValue: tr.triggerType })}</Tag>
          {tr.nextRunAt ? (
            <Typography.Text type="secondary">{t('company_workflows.next_run', { date: formatDateTime(tr.nextRunAt) })}</Typography.Text>
          ) : tr.nextRunError ? (
            <Typography.Text type="danger">{t('company_workflows.next_run_broken')}</Typography.Text>
          ) : null}
        </span>
      ))}
    </Flex>
  );

  const columns: TableColumnsType<Row> = [
    {
      key: 'workflow',
      title: t('company_workflows.col.workflow'),
      render: (_, r) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          {may.editTriggers ? <Link to={paths.editCompanyWorkflow(company.uuid, r.uuid)}>{r.workflow.name}</Link> : <Typography.Text>{r.workflow.name}</Typography.Text>}
          <Typography.Text type="secondary">{r.workflow.category.name}</Typography.Text>
        </Flex>
      ),
    },
    { key: 'country', title: t('company_workflows.col.country'), responsive: ['sm'], render: (_, r) => r.country.name },
    { key: 'triggers', title: t('company_workflows.col.triggers'), responsive: ['md'], render: (_, r) => triggers(r) },
    {
      key: 'version',
      title: t('company_workflows.col.version'),
      responsive: ['lg'],
      render: (_, r) => (r.workflow.version ? t('common.version', { version: r.workflow.version }) : '–'),
    },
  ];
  if (may.editTriggers || may.unassign) {
    columns.push({
      key: 'actions',
      title: t('common.actions'),
      align: 'end',
      render: (_, r) => (
        <Space wrap size={4} style={{ justifyContent: 'flex-end' }}>
          {may.editTriggers ? (
            <Link to={paths.editCompanyWorkflow(company.uuid, r.uuid)} aria-label={t('company_workflows.edit_named', { workflow: r.workflow.name })}>
              {t('company_workflows.edit')}
            </Link>
          ) : null}
          {may.unassign ? (
            <Button size="small" danger type="text" onClick={() => remove(r)} aria-label={t('company_workflows.unassign_named', { workflow: r.workflow.name })}>
              {t('company_workflows.unassign')}
            </Button>
          ) : null}
        </Space>
      ),
    });
  }

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={wp.adminPanel ? 2 : 1} style={{ fontSize: 20, margin: 0 }}>
          {t('company_workflows.title')}
        </Typography.Title>
        <Space wrap>
          <Link to={wp.runs(company.uuid)}>{t('company_workflows.to_runs')}</Link>
          <Link to={paths.workflowForecast()}>{t('company_workflows.to_forecast')}</Link>
          {may.assign ? (
            <Button type="primary" onClick={() => setAdding(true)}>
              {t('company_workflows.add')}
            </Button>
          ) : null}
        </Space>
      </Flex>
      <Flex gap={8} wrap>
        <div style={{ flex: '1 1 240px', maxWidth: 420 }}>
          <AdminSearch value={list.filters.search} onSearch={(search) => list.setFilters({ search })} label={t('company_workflows.search')} />
        </div>
        <Select
          allowClear={clearable}
          style={{ minWidth: 180 }}
          aria-label={t('company_workflows.filter_country')}
          placeholder={t('company_workflows.filter_country')}
          value={list.filters.countryId ?? undefined}
          onChange={(v: string | undefined) => list.setFilters({ countryId: v ?? null })}
          options={company.countries.map((c) => ({ value: c.id, label: c.name }))}
        />
      </Flex>
      <AdminTable
        list={list}
        columns={columns}
        rowKey={(r) => r.uuid}
        label={t('company_workflows.title')}
        empty={{
          description: t(may.assign ? 'company_workflows.empty' : 'company_workflows.empty_read_only'),
          action: may.assign ? (
            <Button type="primary" onClick={() => setAdding(true)}>
              {t('company_workflows.add')}
            </Button>
          ) : undefined,
        }}
      />
      {adding ? (
        <AddCompanyWorkflowModal
          company={company}
          onClose={() => setAdding(false)}
          onAdded={(name) => {
            setAdding(false);
            void message.success(t('company_workflows.added', { workflow: name }));
          }}
        />
      ) : null}
    </Flex>
  );
}
