import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Form, Modal, Radio, Select, Steps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportUnexpectedError } from '../../../app/errors/reportErrors';
import type { CompanyForWorkflowsQuery } from '../../../gql/graphql';
import { useFormRules, useInvalidSubmitNotice } from '../../../shared/forms/useFormRules';
import { showMutationErrors } from '../../../shared/graphql/formErrors';
import { commonCountries } from '../companies/utils/commonCountries';
import { ASSIGN_TO_COMPANY, WORKFLOW_CHOICES } from './graphql';

type Company = NonNullable<CompanyForWorkflowsQuery['company']>;

interface AddForm {
  readonly workflowId?: string;
  readonly countryId?: string;
}

/** Spec 002 §4: the add-workflow modal goes workflow step, then country step (back possible). */
export function AddCompanyWorkflowModal({
  company,
  onClose,
  onAdded,
}: {
  readonly company: Company;
  readonly onClose: () => void;
  readonly onAdded: (workflowName: string) => void;
}) {
  const { t } = useTranslation('workflowRuns');
  const [form] = Form.useForm<AddForm>();
  const rules = useFormRules();
  const invalidSubmit = useInvalidSubmitNotice();
  const [step, setStep] = useState(0);
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const h = setTimeout(() => setDebounced(search), 300); // spec 002 §9: workflow selects debounce 300 ms
    return () => clearTimeout(h);
  }, [search]);
  const { data, loading } = useQuery(WORKFLOW_CHOICES, { variables: { search: debounced.trim() || undefined } });
  const [assign, assigning] = useMutation(ASSIGN_TO_COMPANY, { refetchQueries: ['CompanyWorkflows'], awaitRefetchQueries: true });
  const workflowId = Form.useWatch('workflowId', form);
  const workflows = data?.workflows.collection ?? [];
  const [picked, setPicked] = useState<(typeof workflows)[number] | null>(null);
  const countries = useMemo(() => (picked ? commonCountries(picked.countries, company.countries) : []), [picked, company.countries]);

  const next = () => {
    const w = workflows.find((x) => x.uuid === workflowId) ?? picked;
    if (!w) return;
    setPicked(w);
    const shared = commonCountries(w.countries, company.countries);
    form.setFieldValue('countryId', shared.length === 1 ? shared[0]?.id : undefined);
    setStep(1);
  };

  const submit = async ({ countryId }: AddForm) => {
    if (!picked || !countryId) return;
    try {
      const { data: answer } = await assign({ variables: { workflowId: picked.uuid, companyId: company.uuid, countryId } });
      const result = answer?.assignWorkflowToCompany;
      if (result?.errors.length) {
        showMutationErrors(form, result.errors, ['countryId', 'workflowId']);
        return;
      }
      if (!result?.companyWorkflow) {
        reportUnexpectedError();
        return;
      }
      onAdded(picked.name);
    } catch {
      // shown by the error link
    }
  };

  const footer =
    step === 0
      ? [
          <Button key="cancel" onClick={onClose}>
            {t('common.cancel')}
          </Button>,
          <Button key="next" type="primary" disabled={!workflowId} onClick={next}>
            {t('add_modal.next')}
          </Button>,
        ]
      : [
          <Button key="back" onClick={() => setStep(0)}>
            {t('add_modal.back')}
          </Button>,
          <Button key="add" type="primary" htmlType="submit" form="company-workflow-add" loading={assigning.loading} disabled={countries.length === 0}>
            {t('add_modal.add')}
          </Button>,
        ];

  return (
    <Modal open width={460} title={t('add_modal.title', { company: company.name })} onCancel={onClose} footer={footer} destroyOnHidden>
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 16 }}
        items={[{ title: t('add_modal.step_workflow') }, { title: t('add_modal.step_country') }]}
      />
      <Form<AddForm> id="company-workflow-add" form={form} layout="vertical" onFinish={(v) => void submit(v)} onFinishFailed={invalidSubmit} preserve>
        <Form.Item
          hidden={step !== 0}
          name="workflowId"
          label={t('add_modal.workflow')}
          rules={[rules.required]}
        >
          <Select
            showSearch={{ filterOption: false, onSearch: setSearch }}
            // kept at the choice: choosing clears the search, and the list is then
            // refetched, so at Next it may hold no row for the chosen workflow
            onChange={(uuid: string) => setPicked(workflows.find((x) => x.uuid === uuid) ?? null)}
            loading={loading}
            placeholder={t('add_modal.workflow_placeholder')}
            notFoundContent={loading ? undefined : t('add_modal.no_workflows')}
            options={workflows.map((w) => ({ value: w.uuid, label: `${w.name} (${w.category.name})` }))}
          />
        </Form.Item>
        {step === 1 && picked ? (
          countries.length === 0 ? (
            <Alert type="warning" showIcon title={t('add_modal.no_common_country', { workflow: picked.name })} />
          ) : (
            <Form.Item
              name="countryId"
              label={t('add_modal.country', { workflow: picked.name })}
              rules={[rules.required]}
            >
              <Radio.Group options={countries.map((c) => ({ value: c.id, label: c.name }))} />
            </Form.Item>
          )
        ) : null}
      </Form>
    </Modal>
  );
}
