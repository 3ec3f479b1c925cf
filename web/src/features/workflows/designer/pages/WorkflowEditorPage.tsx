import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { App, Result } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../../app/router/paths';
import { useDocumentTitle } from '../../../../shared/hooks/useDocumentTitle';
import { PageSpin } from '../../../../shared/ui/FullPageSpin';
import { parseStructure } from '../../canvas/structure';
import { EMPTY_INFO, type WorkflowInfo } from '../components/GeneralInfoForm';
import { WorkflowEditor } from '../components/WorkflowEditor';
import type { WorkflowForEditorQuery } from '../../../../gql/graphql';
import { WORKFLOW_EDITOR_OPTIONS } from '../graphql/editorOptions';
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

type EditorAnswer = { readonly data?: WorkflowForEditorQuery; readonly error?: unknown };

/** The request of the opening under way: a render React discards and repeats finds it. */
let asked: { readonly client: ApolloClient; readonly id: string; readonly at: number; readonly answer: Promise<EditorAnswer> } | null = null;
/** How long an unclaimed request serves a repeated render (it is claimed when the page mounts). */
const ASKED_REUSE_MS = 10_000;

function ask(client: ApolloClient, id: string): Promise<EditorAnswer> {
  const now = Date.now();
  if (asked && asked.client === client && asked.id === id && now - asked.at < ASKED_REUSE_MS) return asked.answer;
  void client.query({ query: WORKFLOW_EDITOR_OPTIONS }).catch(() => {
    // the editor's own query asks again and reports the failure
  });
  const answer = client
    .query({ query: WORKFLOW_FOR_EDITOR, variables: { id }, fetchPolicy: 'network-only', errorPolicy: 'all' })
    .then(({ data, error }): EditorAnswer => ({ data, error }), (error: unknown): EditorAnswer => ({ error }));
  asked = { client, id, at: now, answer };
  return answer;
}

/**
 * The workflow (always from the server) and the editor's options, asked for while the page first
 * renders. useQuery asks in an effect after the page's first commit, which waits for the shell's
 * first paint (and, when the page's chunk came after the shell's first render, for React's held
 * back reveal of the suspended page): 0.2-0.5 s after the page's code was here. The answer comes
 * as a state update, not through Suspense, whose reveal React would hold back too. The editor's
 * own query of its options finds them in the cache, or joins the request in flight.
 */
function useWorkflowForEditor(workflowId: string) {
  const client = useApolloClient();
  const [request] = useState(() => ask(client, workflowId));
  const [answer, setAnswer] = useState<EditorAnswer | null>(null);
  useEffect(() => {
    // claimed: the next opening asks again
    if (asked?.answer === request) asked = null;
    let live = true;
    void request.then((a) => live && setAnswer(a));
    return () => {
      live = false;
    };
  }, [request]);
  return { data: answer?.data, loading: answer === null, error: answer?.error };
}

function ExistingWorkflowEditor({ workflowId }: { workflowId: string }) {
  const { t } = useTranslation('workflowDesigner');
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const { data, loading, error } = useWorkflowForEditor(workflowId);
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
