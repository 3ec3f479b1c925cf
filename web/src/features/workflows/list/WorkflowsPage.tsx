import { DeleteOutlined, EditOutlined, LineChartOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { App, Button, Flex, Space, Tabs, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { preloadPage } from '../../../app/router/pagePreloads';
import { paths } from '../../../app/router/paths';
import type { WorkflowsQuery } from '../../../gql/graphql';
import { AdminTable, useAdminList } from '../../../shared/admin';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { WorkflowFilters } from './components/WorkflowFilters';
import { WORKFLOWS } from './graphql/workflows';
import { useDeleteWorkflow } from './hooks/useDeleteWorkflow';
import {
  DEFAULT_WORKFLOW_FILTERS,
  WORKFLOW_TABS,
  WORKFLOWS_PAGE_SIZE,
  readTab,
  workflowsVariables,
  type WorkflowTab,
} from './utils/workflowListFilters';
import { formatDate } from '../../../app/i18n/dates';

// The editor's chunk starts loading when a pointer or the keyboard reaches a link to it, not
// after the click (preloadPage, so that the page then renders without suspending).
const preloadEditor = () => preloadPage('EditWorkflow');

// Row actions that go somewhere are links (open in a new tab works), drawn as the icon buttons beside them.
const ICON_LINK = { display: 'inline-flex', padding: 8, fontSize: 16 } as const;

type WorkflowRow = WorkflowsQuery['workflows']['collection'][number];

/** Workflows (admin panel): tabs global_workflows and drafts, filters, table and pagination. */
export function WorkflowsPage() {
  const { t } = useTranslation('workflows');
  useDocumentTitle(t('page.title'));
  const [params, setParams] = useSearchParams();
  const tab = readTab(params);

  const selectTab = (next: WorkflowTab) =>
    setParams((p) => {
      const q = new URLSearchParams(p);
      if (next === 'global_workflows') q.delete('tab');
      else q.set('tab', next);
      return q;
    });

  const navigate = useNavigate();
  const create = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onMouseEnter={preloadEditor}
      onFocus={preloadEditor}
      onClick={() => void navigate(paths.createWorkflow())}
    >
      {t('actions.create')}
    </Button>
  );

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('page.title')}
        </Typography.Title>
        <Space wrap>
          <Link to={paths.workflowsInsights()}>
            <LineChartOutlined aria-hidden /> {t('page.insights')}
          </Link>
          {create}
        </Space>
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(key) => selectTab(key as WorkflowTab)}
        items={WORKFLOW_TABS.map((key) => ({ key, label: t(`tabs.${key}`) }))}
      />
      {/* One list per tab, each keeping its own filters and page in the address. */}
      <WorkflowList key={tab} tab={tab} create={create} />
    </Flex>
  );
}

interface WorkflowListProps {
  readonly tab: WorkflowTab;
  readonly create: ReactNode;
}

function WorkflowList({ tab, create }: WorkflowListProps) {
  const { t } = useTranslation('workflows');
  const { modal, message } = App.useApp();
  const { deleteWorkflow } = useDeleteWorkflow();
  const list = useAdminList({
    table: `workflows_${tab}`,
    defaults: DEFAULT_WORKFLOW_FILTERS,
    pageSize: WORKFLOWS_PAGE_SIZE,
    query: WORKFLOWS,
    variables: (filters, paging) => workflowsVariables(tab, filters, paging),
    select: (data) => data.workflows,
  });

  const confirmDelete = (workflow: WorkflowRow) =>
    modal.confirm({
      title: t('delete.title', { name: workflow.name }),
      content: t('delete.text'),
      okText: t('delete.ok'),
      okButtonProps: { danger: true },
      cancelText: t('delete.cancel'),
      width: 460,
      onOk: async () => {
        if (await deleteWorkflow(workflow.uuid)) void message.success(t('delete.done', { name: workflow.name }));
      },
    });

  const columns: TableColumnsType<WorkflowRow> = [
    {
      key: 'name',
      title: t('table.name'),
      render: (_, w) => (
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Link to={paths.editWorkflow(w.uuid)} onMouseEnter={preloadEditor} onFocus={preloadEditor}>
            {w.name}
          </Link>
          {w.label ? <Typography.Text type="secondary">{w.label}</Typography.Text> : null}
          {w.tags.length > 0 ? (
            <Flex gap={4} wrap>
              {w.tags.map((tag) => (
                <Tag key={tag} style={{ marginInlineEnd: 0 }}>
                  #{tag}
                </Tag>
              ))}
            </Flex>
          ) : null}
        </Flex>
      ),
    },
    { key: 'category', title: t('table.category'), responsive: ['sm'], render: (_, w) => w.category.name },
    {
      key: 'countries',
      title: t('table.countries'),
      responsive: ['md'],
      render: (_, w) => w.countries.map((c) => c.name).join(', ') || '–',
    },
    { key: 'creator', title: t('table.creator'), responsive: ['lg'], render: (_, w) => w.creator?.name ?? '–' },
    {
      key: 'updated',
      title: t('table.updated'),
      responsive: ['lg'],
      render: (_, w) => (
        <Flex vertical gap={2}>
          <time dateTime={w.updatedAt}>{formatDate(w.updatedAt)}</time>
          {w.version ? <Typography.Text type="secondary">{t('table.version', { version: w.version })}</Typography.Text> : null}
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('table.actions'),
      align: 'end',
      render: (_, w) => (
        <Space size={4}>
          {w.draft ? null : (
            <Tooltip title={t('actions.companies')}>
              <Link to={paths.workflowCompanies(w.uuid)} aria-label={t('actions.companies_of', { name: w.name })} style={ICON_LINK}>
                <TeamOutlined aria-hidden />
              </Link>
            </Tooltip>
          )}
          {w.draft ? null : (
            <Tooltip title={t('actions.insights')}>
              <Link to={paths.workflowInsights(w.uuid)} aria-label={t('actions.insights_of', { name: w.name })} style={ICON_LINK}>
                <LineChartOutlined aria-hidden />
              </Link>
            </Tooltip>
          )}
          <Tooltip title={t('actions.edit')}>
            <Link
              to={paths.editWorkflow(w.uuid)}
              aria-label={t('actions.edit_named', { name: w.name })}
              style={ICON_LINK}
              onMouseEnter={preloadEditor}
              onFocus={preloadEditor}
            >
              <EditOutlined aria-hidden />
            </Link>
          </Tooltip>
          <Tooltip title={t('actions.delete')}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('actions.delete_named', { name: w.name })}
              onClick={() => confirmDelete(w)}
            />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <WorkflowFilters filters={list.filters} onChange={list.setFilters} />
      <AdminTable
        list={list}
        columns={columns}
        rowKey={(w) => w.uuid}
        label={t(`tabs.${tab}`)}
        empty={{ description: t(`empty.${tab}`), action: create }}
      />
    </Flex>
  );
}
