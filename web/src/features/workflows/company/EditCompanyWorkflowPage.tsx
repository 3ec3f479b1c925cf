import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@apollo/client/react';
import { App, Breadcrumb, Button, Card, Col, Flex, Result, Row, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { reportServerErrors, reportUnexpectedError } from '../../../app/errors/reportErrors';
import { paths } from '../../../app/router/paths';
import type { CompanyWorkflowEditQuery } from '../../../gql/graphql';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { PageSpin } from '../../../shared/ui/FullPageSpin';
import { parseStructure } from '../canvas/structure';
import { WorkflowCanvas } from '../canvas/WorkflowCanvas';
import { StartRunModal, parametersOf } from '../runs/StartRunModal';
import { ANCHOR_DATE_FIELDS, COMPANY_WORKFLOW_EDIT, MANAGE_COMPANY_WORKFLOW_TRIGGERS, WORKFLOW_PREVIEW } from './graphql';
import { PreviewList } from './PreviewList';
import { TriggerEditor } from './TriggerEditor';
import { previewable, scheduleProblems, triggerFromSaved, triggerToInput, triggerZone, zoneOf, type TriggerForm } from './triggerData';

type CompanyWorkflow = NonNullable<CompanyWorkflowEditQuery['companyWorkflow']>;

/** EditCompanyWorkflow: the workflow read-only, its triggers edited, and the next 10 dates. */
export function EditCompanyWorkflowPage() {
  const { selected_company_id: companyId = '', company_workflow_id: id = '' } = useParams();
  const { t } = useTranslation('workflowRuns');
  const { data, loading, error } = useQuery(COMPANY_WORKFLOW_EDIT, { variables: { companyId, id } });
  const cw = data?.companyWorkflow;
  useDocumentTitle(cw ? t('edit.title', { workflow: cw.workflow.name }) : t('edit.page'));
  if (loading && !cw) return <PageSpin />;
  if (!cw) {
    return (
      <Result
        status={error ? 'warning' : '404'}
        title={t(error ? 'common.load_failed' : 'edit.not_found')}
        extra={<Link to={paths.companyWorkflows(companyId)}>{t('edit.back')}</Link>}
      />
    );
  }
  return <EditCompanyWorkflow key={cw.uuid} cw={cw} />;
}

let keys = 0;

function EditCompanyWorkflow({ cw }: { readonly cw: CompanyWorkflow }) {
  const { t } = useTranslation('workflowRuns');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const zone = zoneOf(cw.country.code);
  const today = dayjs().format('YYYY-MM-DD');
  const saved = useMemo(() => cw.workflowTriggers.map((tr) => triggerFromSaved(tr, today, zone)), [cw.workflowTriggers, today, zone]);
  const [triggers, setTriggers] = useState<TriggerForm[]>(saved);
  const [starting, setStarting] = useState(false);
  const parsed = useMemo(() => parseStructure(cw.workflow.structure), [cw.workflow.structure]);
  const parameters = useMemo(() => parametersOf(cw.workflow.structure), [cw.workflow.structure]);
  const fields = useQuery(ANCHOR_DATE_FIELDS, { variables: { categoryIds: [cw.workflow.categoryId] } });
  const anchorFields = (fields.data?.groupedDynamicFields ?? []).filter((f) => !f.categoryId || f.categoryId === cw.workflow.categoryId);
  const [manage, saving] = useMutation(MANAGE_COMPANY_WORKFLOW_TRIGGERS, { refetchQueries: ['CompanyWorkflows', 'CompanyWorkflowEdit'] });

  const dirty = JSON.stringify(triggers.map(triggerToInput)) !== JSON.stringify(saved.map(triggerToInput));
  const invalid = triggers.some(
    (tr) => (tr.triggerType === 'schedule' && scheduleProblems(tr.schedule).length > 0) || (tr.triggerType === 'anchor_date' && !tr.anchor.dynamicFieldId),
  );

  // the preview follows the form, a moment after the last change
  const previewInput = JSON.stringify(previewable(triggers));
  const [asked, setAsked] = useState(previewInput);
  useEffect(() => {
    const h = setTimeout(() => setAsked(previewInput), 400);
    return () => clearTimeout(h);
  }, [previewInput]);
  const askedTriggers = JSON.parse(asked) as ReturnType<typeof previewable>;
  const preview = useQuery(WORKFLOW_PREVIEW, {
    variables: { workflowId: cw.workflow.uuid, companyId: cw.company.uuid, workflowTriggers: askedTriggers, count: 10 },
    skip: askedTriggers.length === 0,
  });
  const runs = askedTriggers.length === 0 ? [] : (preview.data?.workflowPreview.runs ?? []);

  const save = async () => {
    try {
      const { data } = await manage({ variables: { companyWorkflowId: cw.uuid, workflowTriggers: triggers.map(triggerToInput) } });
      const answer = data?.manageCompanyWorkflowTriggers;
      if (answer?.errors.length) {
        reportServerErrors(answer.errors);
        return;
      }
      if (!answer?.companyWorkflow) {
        reportUnexpectedError();
        return;
      }
      void message.success(t('edit.saved'));
      const next = answer.companyWorkflow.workflowTriggers.map((tr) => triggerFromSaved(tr, today, zone));
      setTriggers(next);
    } catch {
      // shown by the error link
    }
  };

  const savedManual = cw.workflowTriggers.some((tr) => tr.triggerType === 'manual');
  const back = paths.companyWorkflows(cw.company.uuid);

  return (
    <Flex vertical gap={16}>
      <Breadcrumb
        items={[
          { title: <Link to="/companies">{t('common.companies')}</Link> },
          { title: <Link to={back}>{cw.company.name}</Link> },
          { title: cw.workflow.name },
        ]}
      />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('edit.title', { workflow: cw.workflow.name })}
        </Typography.Title>
        <Space wrap>
          {savedManual ? (
            <Button onClick={() => setStarting(true)} disabled={dirty}>
              {t('start.button')}
            </Button>
          ) : null}
          <Button onClick={() => (dirty ? setTriggers(saved) : void navigate(back))}>{t('common.cancel')}</Button>
          <Button type="primary" disabled={!dirty || invalid} loading={saving.loading} onClick={() => void save()}>
            {t('edit.save')}
          </Button>
        </Space>
      </Flex>
      <Typography.Text type="secondary">
        {t('edit.summary', { country: cw.country.name, category: cw.workflow.category.name, version: cw.workflow.version ?? 1 })}
      </Typography.Text>
      {parsed.ok ? (
        <WorkflowCanvas graph={parsed.graph} mode="view" ariaLabel={t('edit.canvas_label')} height="min(40vh, 420px)" />
      ) : (
        <Result status="warning" title={t('edit.structure_failed')} />
      )}
      <Row gutter={[16, 16]} data-testid="triggers-and-preview">
        <Col xs={24} lg={14}>
          <Card title={t('edit.triggers')} size="small">
            <Flex vertical gap={12}>
              {triggers.length === 0 ? <Typography.Text type="secondary">{t('edit.no_triggers')}</Typography.Text> : null}
              {triggers.map((tr, i) => {
                const savedOne = cw.workflowTriggers.find((s) => s.uuid === tr.uuid);
                const savedForm = saved.find((s) => s.uuid === tr.uuid);
                return (
                  <TriggerEditor
                    key={tr.key}
                    trigger={tr}
                    index={i}
                    hasParameters={parameters.length > 0}
                    anchorFields={anchorFields}
                    nextRunAt={savedOne?.nextRunAt}
                    nextRunZone={savedForm ? triggerZone(savedForm) : undefined}
                    nextRunError={savedOne?.nextRunError}
                    onChange={(next) => setTriggers((list) => list.map((x) => (x.key === tr.key ? next : x)))}
                    onRemove={() => setTriggers((list) => list.filter((x) => x.key !== tr.key))}
                  />
                );
              })}
              <div>
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => setTriggers((list) => [...list, { key: `new-${++keys}`, triggerType: 'manual' }])}
                >
                  {t('edit.add_trigger')}
                </Button>
              </div>
            </Flex>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t('preview.title')} size="small">
            <Typography.Paragraph type="secondary">{t('preview.help')}</Typography.Paragraph>
            <PreviewList runs={runs} loading={preview.loading} error={Boolean(preview.error)} />
          </Card>
        </Col>
      </Row>
      {starting ? (
        <StartRunModal
          companyWorkflowId={cw.uuid}
          workflowName={cw.workflow.name}
          parameters={parameters}
          onClose={() => setStarting(false)}
          onStarted={(instanceId) => void navigate(paths.workflowDetails(cw.company.uuid, instanceId))}
        />
      ) : null}
    </Flex>
  );
}
