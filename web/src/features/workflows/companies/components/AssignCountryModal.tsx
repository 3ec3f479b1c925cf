import { Form, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormRules, useInvalidSubmitNotice } from '../../../../shared/forms/useFormRules';
import { showMutationErrors } from '../../../../shared/graphql/formErrors';
import type { AssignmentResult } from '../hooks/useWorkflowAssignment';
import type { CountryLike } from '../utils/commonCountries';

export interface AssignCountryModalProps {
  readonly companyName: string;
  /** The countries the workflow and the company share (more than one). */
  readonly countries: readonly CountryLike[];
  readonly busy: boolean;
  readonly onAssign: (countryId: string) => Promise<AssignmentResult>;
  readonly onClose: () => void;
}

interface CountryForm {
  readonly countryId?: string;
}

/** Picks the country of an assignment when the workflow and the company share several. */
export function AssignCountryModal({ companyName, countries, busy, onAssign, onClose }: AssignCountryModalProps) {
  const { t } = useTranslation('workflows');
  const [form] = Form.useForm<CountryForm>();
  const rules = useFormRules();
  const invalidSubmit = useInvalidSubmitNotice();

  const submit = async ({ countryId }: CountryForm) => {
    if (!countryId) return;
    const result = await onAssign(countryId);
    if (result.ok) onClose();
    else showMutationErrors(form, result.errors, ['countryId']);
  };

  return (
    <Modal
      open
      width={460}
      title={t('companies.country_modal.title', { company: companyName })}
      okText={t('companies.country_modal.ok')}
      cancelText={t('companies.country_modal.cancel')}
      okButtonProps={{ loading: busy, htmlType: 'submit', form: 'workflow-assign-country' }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<CountryForm> id="workflow-assign-country" form={form} layout="vertical" onFinish={(values) => void submit(values)} onFinishFailed={invalidSubmit}>
        <Form.Item
          name="countryId"
          label={t('companies.country_modal.label')}
          rules={[rules.required]}
        >
          <Radio.Group options={countries.map((c) => ({ value: c.id, label: c.name }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
