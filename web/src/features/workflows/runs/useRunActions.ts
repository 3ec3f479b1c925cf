import { useMutation } from '@apollo/client/react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportServerErrors, reportUnexpectedError } from '../../../app/errors/reportErrors';
import { CANCEL_WORKFLOW_INSTANCE, RETRY_WORKFLOW_INSTANCE } from './graphql';

const REFETCH = ['WorkflowRuns', 'WorkflowInstanceDetails'];

/** Cancel and retry of a run, each confirmed in a modal, with their toasts. */
export function useRunActions() {
  const { t } = useTranslation('workflowRuns');
  const { modal, message } = App.useApp();
  const [cancelMutation] = useMutation(CANCEL_WORKFLOW_INSTANCE, { refetchQueries: REFETCH });
  const [retryMutation] = useMutation(RETRY_WORKFLOW_INSTANCE, { refetchQueries: REFETCH });

  const cancel = (id: string, name: string) =>
    modal.confirm({
      title: t('runs.cancel_title', { workflow: name }),
      content: t('runs.cancel_text'),
      okText: t('runs.cancel_ok'),
      okButtonProps: { danger: true },
      cancelText: t('runs.cancel_keep'),
      width: 460,
      onOk: async () => {
        try {
          const { data } = await cancelMutation({ variables: { workflowInstanceId: id } });
          const answer = data?.cancelWorkflowInstance;
          if (answer?.errors.length) reportServerErrors(answer.errors);
          else if (!answer?.workflowInstance) reportUnexpectedError();
          else void message.success(t('runs.cancelled'));
        } catch {
          // shown by the error link
        }
      },
    });

  // Retry asks too (spec 002 §4): the failed steps run again, with their side effects.
  const retry = (id: string, name: string) =>
    modal.confirm({
      title: t('runs.retry_title', { workflow: name }),
      content: t('runs.retry_text'),
      okText: t('runs.retry'),
      cancelText: t('runs.retry_keep'),
      width: 460,
      onOk: async () => {
        try {
          const { data } = await retryMutation({ variables: { workflowInstanceId: id } });
          const answer = data?.retryWorkflowInstance;
          if (answer?.errors.length) reportServerErrors(answer.errors);
          else if (!answer?.workflowInstance) reportUnexpectedError();
          else void message.success(t('runs.retried'));
        } catch {
          // shown by the error link
        }
      },
    });

  return { cancel, retry };
}
