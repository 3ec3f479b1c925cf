import { useQuery } from '@apollo/client/react';
import { Alert, App, Breadcrumb, Button, Card, Descriptions, Flex, Result, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../app/router/paths';
import type { WorkflowCompaniesQuery, WorkflowSummaryQuery } from '../../../gql/graphql';
import { AdminSearch, AdminTable, useAdminList } from '../../../shared/admin';
import { reportServerErrors } from '../../../app/errors/reportErrors';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { PageSpin } from '../../../shared/ui/FullPageSpin';
import { AssignCountryModal } from './components/AssignCountryModal';
import { WORKFLOW_COMPANIES } from './graphql/workflowCompanies';
import { WORKFLOW_SUMMARY } from './graphql/workflowSummary';
import { useWorkflowAssignment } from './hooks/useWorkflowAssignment';
import { commonCountries, type CountryLike } from './utils/commonCountries';
import { useBreakpoint } from '../../../shared/hooks/useBreakpoint';

type Workflow = NonNullable<WorkflowSummaryQuery['workflow']>;
type CompanyRow = WorkflowCompaniesQuery['companies']['collection'][number];

/** Spec 002 §9: 10 a page, as the other workflow lists. */
const PAGE_SIZE = 10;
const DEFAULTS = { search: '' };

/** WorkflowCompanies (admin panel): the workflow's summary and the companies it is assigned to. */
export function WorkflowCompaniesPage() {
  const { workflow_id: workflowId = '' } = useParams();
  const { t } = useTranslation('workflows');
  const { data, loading, error } = useQuery(WORKFLOW_SUMMARY, { variables: { id: workflowId } });
  const workflow = data?.workflow;
  useDocumentTitle(workflow ? t('companies.title', { name: workflow.name }) : t('companies.page'));

  if (loading && !workflow) return <PageSpin />;
  if (!workflow) {
    return (
      <Result
        status={error ? 'warning' : '404'}
        title={t(error ? 'companies.load_failed' : 'companies.not_found')}
        extra={<Link to={paths.workflows()}>{t('companies.back')}</Link>}
      />
    );
  }
  return <WorkflowCompanies workflow={workflow} />;
}

function WorkflowCompanies({ workflow }: { readonly workflow: Workflow }) {
  const { t } = useTranslation('workflows');
  const { modal, message } = App.useApp();
  const screens = useBreakpoint();
  const assignment = useWorkflowAssignment(workflow.uuid);
  const [choosing, setChoosing] = useState<{ company: CompanyRow; countries: CountryLike[] } | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const list = useAdminList({
    table: 'workflow_companies',
    defaults: DEFAULTS,
    pageSize: PAGE_SIZE,
    query: WORKFLOW_COMPANIES,
    variables: (f, paging) => ({ includeWorkflowId: workflow.uuid, search: f.search.trim() || undefined, ...paging }),
    select: (d) => d.companies,
  });

  const assign = async (company: CompanyRow, countryId: string) => {
    const result = await assignment.assign(company.uuid, countryId);
    if (result.ok) void message.success(t('companies.added', { company: company.name }));
    return result;
  };

  const add = async (company: CompanyRow, countries: CountryLike[]) => {
    const only = countries.length === 1 ? countries[0] : undefined;
    if (!only) {
      setChoosing({ company, countries });
      return;
    }
    setAdding(company.uuid);
    const result = await assign(company, only.id);
    setAdding(null);
    if (!result.ok) reportServerErrors(result.errors);
  };

  const remove = (company: CompanyRow) =>
    modal.confirm({
      title: t('companies.remove_modal.title', { company: company.name }),
      content: t('companies.remove_modal.text'),
      okText: t('companies.remove_modal.ok'),
      okButtonProps: { danger: true },
      cancelText: t('companies.remove_modal.cancel'),
      width: 460,
      onOk: async () => {
        const done = await assignment.unassign(company.uuid, company.companyWorkflowCountryIds[0] ?? null);
        if (done) void message.success(t('companies.removed', { company: company.name }));
      },
    });

  const addBlocked = (c: CompanyRow): string | null =>
    workflow.draft
      ? t('companies.draft_cannot_add')
      : commonCountries(workflow.countries, c.countries).length === 0
        ? t('companies.no_common_country')
        : null;

  const status = (c: CompanyRow) => {
    if (c.workflowAssigned) {
      return (
        <Tag style={{ marginInlineEnd: 0 }}>
          {t('companies.status.assigned', { country: c.companyWorkflowCountryIds.map((id) => countryName(id, c)).join(', ') })}
        </Tag>
      );
    }
    const blocked = addBlocked(c);
    return (
      <Flex vertical gap={2}>
        <Typography.Text type="secondary">{t('companies.status.not_assigned')}</Typography.Text>
        {blocked && !workflow.draft ? <Typography.Text type="secondary">{blocked}</Typography.Text> : null}
      </Flex>
    );
  };

  const countryName = (id: string, company: CompanyRow) =>
    company.countries.find((c) => c.id === id)?.name ?? workflow.countries.find((c) => c.id === id)?.name ?? id;

  const columns: TableColumnsType<CompanyRow> = [
    {
      key: 'company',
      title: t('companies.table.company'),
      render: (_, c) => (
        <Flex vertical gap={2} align="flex-start" style={{ minWidth: 0 }}>
          <Typography.Text strong>{c.name}</Typography.Text>
          {c.businessId ? <Typography.Text type="secondary">{c.businessId}</Typography.Text> : null}
          {/* A phone has no assignment column: the state shows under the name. */}
          {screens.sm ? null : status(c)}
        </Flex>
      ),
    },
    {
      key: 'countries',
      title: t('companies.table.countries'),
      responsive: ['md'],
      render: (_, c) => c.countries.map((country) => country.name).join(', ') || '–',
    },
    {
      key: 'status',
      title: t('companies.table.status'),
      responsive: ['sm'],
      render: (_, c) => status(c),
    },
    {
      key: 'action',
      title: t('companies.table.action'),
      align: 'end',
      render: (_, c) => {
        if (c.workflowAssigned) {
          return (
            <Button danger onClick={() => remove(c)} aria-label={t('companies.remove_named', { company: c.name })}>
              {t('companies.remove')}
            </Button>
          );
        }
        const countries = commonCountries(workflow.countries, c.countries);
        const reason = addBlocked(c);
        const button = (
          <Button
            disabled={reason !== null}
            loading={adding === c.uuid}
            onClick={() => void add(c, countries)}
            aria-label={t('companies.add_named', { company: c.name })}
          >
            {t('companies.add')}
          </Button>
        );
        // A disabled button gets no pointer events: the tooltip saying why sits on a wrapper.
        return reason ? (
          <Tooltip title={reason}>
            <span style={{ display: 'inline-block' }} tabIndex={0} aria-label={reason}>
              {button}
            </span>
          </Tooltip>
        ) : (
          button
        );
      },
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Breadcrumb
        items={[
          { title: <Link to={paths.workflows()}>{t('page.title')}</Link> },
          { title: <Link to={paths.editWorkflow(workflow.uuid)}>{workflow.name}</Link> },
          { title: t('companies.page') },
        ]}
      />
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('companies.title', { name: workflow.name })}
      </Typography.Title>
      <WorkflowSummary workflow={workflow} />
      {workflow.draft ? <Alert type="info" showIcon title={t('companies.draft_notice')} /> : null}
      <div style={{ maxWidth: 480 }}>
        <AdminSearch value={list.filters.search} onSearch={(search) => list.setFilters({ search })} label={t('companies.search')} />
      </div>
      <AdminTable
        list={list}
        columns={columns}
        rowKey={(c) => c.uuid}
        label={t('companies.table.label')}
        empty={{ description: t('companies.empty') }}
      />
      {choosing ? (
        <AssignCountryModal
          companyName={choosing.company.name}
          countries={choosing.countries}
          busy={assignment.busy}
          onAssign={(countryId) => assign(choosing.company, countryId)}
          onClose={() => setChoosing(null)}
        />
      ) : null}
    </Flex>
  );
}

function WorkflowSummary({ workflow }: { readonly workflow: Workflow }) {
  const { t } = useTranslation('workflows');
  const none = '–';
  return (
    <Card
      size="small"
      title={t('companies.summary.title')}
      extra={workflow.draft ? null : <Link to={paths.workflowInsights(workflow.uuid)}>{t('companies.summary.insights')}</Link>}
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'category', label: t('companies.summary.category'), children: workflow.category.name },
          {
            key: 'countries',
            label: t('companies.summary.countries'),
            children: workflow.countries.map((c) => c.name).join(', ') || none,
          },
          {
            key: 'status',
            label: t('companies.summary.status'),
            children: workflow.draft
              ? t('companies.summary.draft')
              : t('companies.summary.published', { version: workflow.version ?? 1 }),
          },
          { key: 'label', label: t('companies.summary.label'), children: workflow.label || none },
          { key: 'creator', label: t('companies.summary.creator'), children: workflow.creator?.name ?? none },
          {
            key: 'tags',
            label: t('companies.summary.tags'),
            children:
              workflow.tags.length > 0 ? (
                <Flex gap={4} wrap>
                  {workflow.tags.map((tag) => (
                    <Tag key={tag} style={{ marginInlineEnd: 0 }}>
                      #{tag}
                    </Tag>
                  ))}
                </Flex>
              ) : (
                none
              ),
          },
          ...(workflow.description
            ? [{ key: 'description', label: t('companies.summary.description'), children: workflow.description, span: 'filled' as const }]
            : []),
        ]}
      />
    </Card>
  );
}
