import { useQuery } from '@apollo/client/react';
import { App, Result } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../../app/router/paths';
import { useDocumentTitle } from '../../../../shared/hooks/useDocumentTitle';
import { PageSpin } from '../../../../shared/ui/FullPageSpin';
import { parseStructure } from '../../canvas/structure';
import { EMPTY_INFO, type WorkflowInfo } from '../components/GeneralInfoForm';
import { WorkflowEditor } from '../components/WorkflowEditor';
import { WORKFLOW_FOR_EDITOR } from '../graphql/workflowForEditor';

/** Spec 002 §9: the load-failure toast stays 10 seconds, then the editor goes back. */
const LOAD_FAILURE_TOAST_S = 10;

const EMPTY_GRAPH = { nodes: [], edges: [] };

/** CreateWorkflow (/workflows/create) and EditWorkflow (/workflows/:workflow_id/edit). */
export function WorkflowEditorPage() {
  const { workflow_id: workflowId } = useParams();
  const { t } = useTranslation('workflowDesigner');
  useDocumentTitle(workflowId ? t('editor.edit_title') : t('editor.create_title'));
  if (!workflowId) return <WorkflowEditor key="new" workflow={null} graph={EMPTY_GRAPH} info={EMPTY_INFO} />;
  return <ExistingWorkflowEditor key={workflowId} workflowId={workflowId} />;
}

function ExistingWorkflowEditor({ workflowId }: { workflowId: string }) {
  const { t } = useTranslation('workflowDesigner');
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const { data, loading, error } = useQuery(WORKFLOW_FOR_EDITOR, { variables: { id: workflowId }, fetchPolicy: 'network-only' });
  const workflow = data?.workflow;
  const parsed = useMemo(() => (workflow ? parseStructure(workflow.structure) : null), [workflow]);
  const failed = parsed !== null && !parsed.ok;

  useEffect(() => {
    if (!failed) return undefined;
    notification.error({
      title: t('editor.load_failed_title'),
      description: t('editor.load_failed_text'),
      duration: LOAD_FAILURE_TOAST_S,
    });
    const back = window.setTimeout(() => {
      if (window.history.length > 1) void navigate(-1);
      else void navigate(paths.workflows(), { replace: true });
    }, LOAD_FAILURE_TOAST_S * 1000);
    return () => window.clearTimeout(back);
  }, [failed, navigate, notification, t]);

  if (loading && !workflow) return <PageSpin />;
  if (error || !workflow) return <Result status="404" title={t('editor.not_found')} />;
  if (!parsed || !parsed.ok) return <Result status="warning" title={t('editor.load_failed_title')} subTitle={t('editor.load_failed_text')} />;
  const info: WorkflowInfo = {
    name: workflow.name,
    label: workflow.label ?? '',
    description: workflow.description ?? '',
    categoryId: workflow.categoryId,
    countryIds: workflow.countryIds,
    tags: workflow.tags,
    considerHolidays: workflow.considerHolidays,
    optionalSteps: workflow.optionalSteps,
  };
  return (
    <WorkflowEditor
      workflow={{
        uuid: workflow.uuid,
        draft: workflow.draft,
        version: workflow.version ?? null,
        canEditGeneralInfo: workflow.canEditGeneralInfo,
        countries: workflow.countries,
      }}
      graph={parsed.graph}
      info={info}
    />
  );
}
