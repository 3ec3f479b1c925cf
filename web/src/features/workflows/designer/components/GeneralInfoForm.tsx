import { Button, Flex, Form, Input, Select, Switch, Typography, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { PARAMETER_TYPES, type WorkflowParameter } from '../../canvas/types';
import { Field } from './Field';
import { defaultCountriesFirst } from '../../../../shared/countries/defaultCountriesFirst';
import { MultiSelect } from '../../../../shared/forms/MultiSelect';
import { useFormRules } from '../../../../shared/forms/useFormRules';

/** The workflow's general info as the form edits it. */
export interface WorkflowInfo {
  name: string;
  label: string;
  description: string;
  categoryId: string | undefined;
  countryIds: string[];
  tags: string[];
  considerHolidays: boolean;
  optionalSteps: boolean;
}

export const EMPTY_INFO: WorkflowInfo = {
  name: '',
  label: '',
  description: '',
  categoryId: undefined,
  countryIds: [],
  tags: [],
  considerHolidays: true,
  optionalSteps: false,
};

interface GeneralInfoFormProps {
  readonly form: FormInstance<WorkflowInfo>;
  readonly initial: WorkflowInfo;
  readonly categories: readonly { id: string; name: string }[];
  readonly countries: readonly { id: string; name: string; code?: string }[];
  readonly knownTags: readonly string[];
  /** Category and countries lock while a company uses the workflow. */
  readonly canEditGeneralInfo: boolean;
  readonly onChange: () => void;
  /** The start node's parameters (null: no start node yet). */
  readonly parameters: readonly WorkflowParameter[] | null;
  readonly onParametersChange: (next: WorkflowParameter[]) => void;
}

const hash = (tag: string): string => `#${tag.replace(/^#/, '')}`;

/** Name, label, description, category, countries, tags, holidays, optional steps and parameters. */
export const GeneralInfoForm = memo(function GeneralInfoForm(props: GeneralInfoFormProps) {
  const { form, initial, categories, countries, knownTags, canEditGeneralInfo, onChange, parameters, onParametersChange } = props;
  const { t } = useTranslation('workflowDesigner');
  const rules = useFormRules();
  const setParam = (i: number, patch: Partial<WorkflowParameter>) =>
    onParametersChange((parameters ?? []).map((p, j) => (j === i ? { ...p, ...patch } : p)));
  return (
    <Form form={form} layout="vertical" size="small" initialValues={initial} onValuesChange={onChange} name="workflow-general" requiredMark>
      <Form.Item name="name" label={t('field.name')} rules={[rules.required]}>
        <Input data-testid="workflow-name" maxLength={255} />
      </Form.Item>
      <Form.Item name="label" label={t('field.label')}>
        <Input maxLength={255} />
      </Form.Item>
      <Form.Item name="description" label={t('field.description')}>
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item name="categoryId" label={t('field.category')} rules={[rules.required]}>
        <Select
          data-testid="workflow-category"
          disabled={!canEditGeneralInfo}
          showSearch={{ optionFilterProp: 'label' }}
          options={categories.map((c) => ({ value: c.id, label: c.name }))}
        />
      </Form.Item>
      <Form.Item name="countryIds" label={t('field.countries')}>
        <MultiSelect disabled={!canEditGeneralInfo} options={defaultCountriesFirst(countries).map((c) => ({ value: c.id, label: c.name }))} />
      </Form.Item>
      <Form.Item
        name="tags"
        label={t('field.tags')}
        // shown with # (spec 002 §3), stored without it
        normalize={(values: string[]) => [...new Set(values.map((v) => v.replace(/^#+/, '').trim()).filter(Boolean))]}
      >
        <Select
          mode="tags"
          options={knownTags.map((tag) => ({ value: tag, label: hash(tag) }))}
          labelRender={({ value }) => hash(String(value))}
          tokenSeparators={[',', ' ']}
        />
      </Form.Item>
      <Flex gap="large" wrap>
        <Form.Item name="considerHolidays" label={t('field.consider_holidays')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="optionalSteps" label={t('field.optional_steps')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Flex>
      <Typography.Title level={3} style={{ fontSize: 14 }}>
        {t('field.parameters')}
      </Typography.Title>
      {parameters === null ? (
        <Typography.Paragraph type="secondary">{t('parameter.no_start')}</Typography.Paragraph>
      ) : (
        <Flex vertical gap={8}>
          {parameters.map((p, i) => (
            <Flex key={i} gap={8} align="end" wrap style={{ borderBottom: '1px solid #f0f0f0', paddingBottom: 8 }}>
              <div style={{ flex: '1 1 120px' }}>
                <Field label={t('field.parameter_name')}>
                  <Input value={p.name} onChange={(e) => setParam(i, { name: e.target.value.replace(/\s+/g, '_') })} />
                </Field>
              </div>
              <div style={{ flex: '1 1 120px' }}>
                <Field label={t('field.parameter_type')}>
                  <Select value={p.type} options={PARAMETER_TYPES.map((type) => ({ value: type, label: t(`parameter_type.${type}`) }))} onChange={(type) => setParam(i, { type })} />
                </Field>
              </div>
              <div style={{ flex: '1 1 120px' }}>
                <Field label={t('field.parameter_label')}>
                  <Input value={p.label ?? ''} onChange={(e) => setParam(i, { label: e.target.value || undefined })} />
                </Field>
              </div>
              <Field label={t('field.parameter_required')}>
                <Switch checked={Boolean(p.required)} onChange={(required) => setParam(i, { required })} />
              </Field>
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('parameter.remove')}
                style={{ marginBottom: 24 }}
                onClick={() => onParametersChange((parameters ?? []).filter((_, j) => j !== i))}
              />
            </Flex>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => onParametersChange([...(parameters ?? []), { name: '', type: 'string' }])}>
            {t('parameter.add')}
          </Button>
        </Flex>
      )}
    </Form>
  );
});
