import { useMutation } from '@apollo/client/react';
import { App, type ModalFuncProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportServerErrors, reportUnexpectedError } from '../../../app/errors/reportErrors';
import type { MutationErrorFieldsFragment } from '../../../gql/graphql';
import { CANCEL_WORKFLOW_INSTANCE, RETRY_WORKFLOW_INSTANCE } from './graphql';

const REFETCH = ['WorkflowRuns', 'WorkflowInstanceDetails'];

type Answer = { readonly workflowInstance: unknown; readonly errors: readonly MutationErrorFieldsFragment[] } | undefined;

/** Cancel and retry of a run, each confirmed in a modal (spec 002 §4), with their toasts. */
export function useRunActions() {
  const { t } = useTranslation('workflowRuns');
  const { modal, message } = App.useApp();
  const [cancelMutation] = useMutation(CANCEL_WORKFLOW_INSTANCE, { refetchQueries: REFETCH });
  const [retryMutation] = useMutation(RETRY_WORKFLOW_INSTANCE, { refetchQueries: REFETCH });

  // Asks with texts; once confirmed, sends and toasts done or the refusal.
  const confirmed = (texts: ModalFuncProps, send: () => Promise<Answer>, done: string) =>
    modal.confirm({
      ...texts,
      width: 460,
      onOk: async () => {
        try {
          const answer = await send();
          if (answer?.errors.length) reportServerErrors(answer.errors);
          else if (!answer?.workflowInstance) reportUnexpectedError();
          else void message.success(done);
        } catch {
          // shown by the error link
        }
      },
    });

  const cancel = (id: string, name: string) =>
    confirmed(
      {
        title: t('runs.cancel_title', { workflow: name }),
        content: t('runs.cancel_text'),
        okText: t('runs.cancel_ok'),
        okButtonProps: { danger: true },
        cancelText: t('runs.cancel_keep'),
      },
      async () => (await cancelMutation({ variables: { workflowInstanceId: id } })).data?.cancelWorkflowInstance,
      t('runs.cancelled'),
    );

  // the failed steps run again, with their side effects: asked like a cancel
  const retry = (id: string, name: string) =>
    confirmed(
      {
        title: t('runs.retry_title', { workflow: name }),
        content: t('runs.retry_text'),
        okText: t('runs.retry'),
        cancelText: t('runs.retry_keep'),
      },
      async () => (await retryMutation({ variables: { workflowInstanceId: id } })).data?.retryWorkflowInstance,
      t('runs.retried'),
    );

  return { cancel, retry };
}
