import { useMutation } from '@apollo/client/react';
import { Checkbox, DatePicker, Form, Input, InputNumber, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { reportUnexpectedError } from '../../../app/errors/reportErrors';
import { useFormRules, useInvalidSubmitNotice } from '../../../shared/forms/useFormRules';
import { showMutationErrors } from '../../../shared/graphql/formErrors';
import type { WorkflowParameter } from '../canvas/types';
import { START_WORKFLOW_INSTANCE } from '../company/graphql';

/** The start node's declared parameters of a structure (none when it declares none). */
export function parametersOf(structure: unknown): WorkflowParameter[] {
  const nodes = (structure as { nodes?: unknown } | null)?.nodes;
  if (!Array.isArray(nodes)) return [];
  const start = nodes.find((n) => (n as { type?: unknown }).type === 'start') as { data?: { parameters?: unknown } } | undefined;
  const params = start?.data?.parameters;
  return Array.isArray(params) ? (params as WorkflowParameter[]).filter((p) => typeof p.name === 'string' && p.name.trim() !== '') : [];
}

// A date parameter goes to the server as YYYY-MM-DD; its picker shows it in the language's format.
const datePickerValue = (value: unknown) => ({ value: typeof value === 'string' && value !== '' ? dayjs(value) : null });
const dateParameter = (date: Dayjs | null) => (date ? date.format('YYYY-MM-DD') : '');

/** Starts a run of a company workflow now (its manual trigger), asking the parameters it declares. */
export function StartRunModal({
  companyWorkflowId,
  workflowName,
  parameters,
  onClose,
  onStarted,
}: {
  readonly companyWorkflowId: string;
  readonly workflowName: string;
  readonly parameters: readonly WorkflowParameter[];
  readonly onClose: () => void;
  readonly onStarted: (instanceId: string) => void;
}) {
  const { t } = useTranslation('workflowRuns');
  const [form] = Form.useForm<Record<string, unknown>>();
  const rules = useFormRules();
  const invalidSubmit = useInvalidSubmitNotice();
  const [start, starting] = useMutation(START_WORKFLOW_INSTANCE, { refetchQueries: ['WorkflowRuns'] });

  const submit = async (values: Record<string, unknown>) => {
    const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== ''));
    try {
      const { data } = await start({ variables: { companyWorkflowId, parameters: given } });
      const answer = data?.startWorkflowInstance;
      if (answer?.errors.length) {
        showMutationErrors(
          form,
          answer.errors.map((e) => ({ ...e, field: e.field?.replace(/^parameters\./, '') ?? null })),
          parameters.map((p) => p.name),
        );
        return;
      }
      if (!answer?.workflowInstance) {
        reportUnexpectedError();
        return;
      }
      onStarted(answer.workflowInstance.uuid);
    } catch {
      // shown by the error link
    }
  };

  return (
    <Modal
      open
      width={460}
      title={t('start.title', { workflow: workflowName })}
      okText={t('start.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'start-workflow-run', loading: starting.loading }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form id="start-workflow-run" form={form} layout="vertical" onFinish={(v) => void submit(v)} onFinishFailed={invalidSubmit}>
        {parameters.length === 0 ? <Typography.Paragraph>{t('start.text')}</Typography.Paragraph> : null}
        {parameters.map((p) => (
          <Form.Item
            key={p.name}
            name={p.name}
            label={p.label || p.name}
            valuePropName={p.type === 'boolean' ? 'checked' : 'value'}
            rules={p.required && p.type !== 'boolean' ? [rules.required] : []}
            getValueProps={p.type === 'date' ? datePickerValue : undefined}
            normalize={p.type === 'date' ? dateParameter : undefined}
          >
            {p.type === 'number' ? (
              <InputNumber style={{ width: '100%' }} />
            ) : p.type === 'boolean' ? (
              <Checkbox />
            ) : p.type === 'date' ? (
              <DatePicker style={{ width: '100%' }} />
            ) : (
              <Input />
            )}
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
