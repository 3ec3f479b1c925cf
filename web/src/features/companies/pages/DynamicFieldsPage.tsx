import { DeleteOutlined, EditOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@apollo/client/react';
import { App, Button, Checkbox, Flex, Form, Input, Modal, Result, Select, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { reportUnexpectedError } from '../../../app/errors/reportErrors';
import type { DynamicFieldDefinitionsQuery } from '../../../gql/graphql';
import { useFormRules, useInvalidSubmitNotice } from '../../../shared/forms/useFormRules';
import { showMutationErrors } from '../../../shared/graphql/formErrors';
import { succeeded } from '../../../shared/graphql/mutationAnswer';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { CREATE_DYNAMIC_FIELD, DELETE_DYNAMIC_FIELD, DYNAMIC_FIELD_DEFINITIONS, UPDATE_DYNAMIC_FIELD } from '../graphql/companies';
import { DYNAMIC_FIELD_TYPES, fieldSettings } from '../dynamic/fields';
import { DataTable } from '../../../shared/table/DataTable';

type Definition = DynamicFieldDefinitionsQuery['dynamicFieldDefinitions'][number];

const GENERAL = 'general';
const WITH_VALUES = new Set(['dropdown', 'checkboxes', 'radios']);

interface FormValues {
  name: string;
  title: string;
  type: string;
  required: boolean;
  readonly: boolean;
  multiple: boolean;
  allowedValues: { key: string; label: string }[];
}

/**
 * Dynamic field definitions (admin panel): per category (or general) the fields companies fill
 * in, which anchor-date triggers depend on (issue 14 item 6; the spec shows no such screen).
 */
export function DynamicFieldsPage() {
  const { t } = useTranslation('companies');
  const { modal, message } = App.useApp();
  useDocumentTitle(t('definitions.title'));
  const [params, setParams] = useSearchParams();
  const scope = params.get('category') ?? GENERAL;
  const categoryId = scope === GENERAL ? null : scope;
  const { data, loading, error, refetch } = useQuery(DYNAMIC_FIELD_DEFINITIONS, {
    variables: { categoryId },
    fetchPolicy: 'cache-and-network',
  });
  const [editing, setEditing] = useState<Definition | 'new' | null>(null);
  const [remove] = useMutation(DELETE_DYNAMIC_FIELD);
  const categories = data?.categories ?? [];
  const rows = (data?.dynamicFieldDefinitions ?? []).filter((f) => (f.categoryId ?? null) === categoryId);

  const confirmDelete = (f: Definition) =>
    modal.confirm({
      title: t('definitions.delete_title', { field: f.title }),
      content: t('definitions.delete_text'),
      okText: t('definitions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('definitions.cancel'),
      onOk: async () => {
        try {
          const { data: answer } = await remove({ variables: { id: f.id } });
          if (succeeded(answer?.deleteDynamicField)) {
            void message.success(t('definitions.deleted', { field: f.title }));
            void refetch();
          }
        } catch {
          reportUnexpectedError();
        }
      },
    });

  const columns: TableColumnsType<Definition> = [
    {
      key: 'title',
      title: t('definitions.field_title'),
      render: (_, f) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{f.title}</Typography.Text>
          <Typography.Text type="secondary" code>
            {f.name}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'type', title: t('definitions.type'), render: (_, f) => t(`type.${f.type}` as 'type.string') },
    {
      key: 'flags',
      title: t('definitions.flags'),
      responsive: ['sm'],
      render: (_, f) => (
        <Flex gap={4} wrap>
          {f.required ? <Tag>{t('definitions.required')}</Tag> : null}
          {f.readonly ? <Tag>{t('definitions.readonly')}</Tag> : null}
          {fieldSettings(f.settings).multiple ? <Tag>{t('definitions.multiple')}</Tag> : null}
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('definitions.actions'),
      align: 'end',
      render: (_, f) => (
        <Flex gap={4} justify="flex-end">
          <Button type="text" icon={<EditOutlined />} aria-label={t('definitions.edit_named', { field: f.title })} onClick={() => setEditing(f)} />
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('definitions.delete_named', { field: f.title })} onClick={() => confirmDelete(f)} />
        </Flex>
      ),
    },
  ];

  if (error && !data) {
    return (
      <Result
        status="warning"
        title={t('definitions.load_failed')}
        extra={<Button onClick={() => void refetch()}>{t('profile.retry')}</Button>}
      />
    );
  }
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1000 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('definitions.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('definitions.intro')}</Typography.Text>
      <Flex gap={8} align="center" justify="space-between" wrap>
        <Flex gap={8} align="center">
          <label htmlFor="definitions-category">{t('definitions.category')}</label>
          <Select
            id="definitions-category"
            value={scope}
            style={{ minWidth: 200 }}
            onChange={(v: string) => setParams(v === GENERAL ? {} : { category: v }, { replace: true })}
            options={[
              { value: GENERAL, label: t('fields.general') },
              ...categories.map((c) => ({ value: c.id, label: c.active ? c.name : `${c.name} (${t('definitions.inactive')})` })),
            ]}
          />
        </Flex>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('definitions.add')}
        </Button>
      </Flex>
      <DataTable<Definition>
        rowKey="id"
        skeleton={loading && !data}
        columns={columns}
        dataSource={rows}
        pagination={false}
        aria-label={t('definitions.table')}
        locale={{ emptyText: t('definitions.empty') }}
      />
      {editing ? (
        <DefinitionModal
          definition={editing === 'new' ? null : editing}
          categoryId={categoryId}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refetch();
          }}
        />
      ) : null}
    </Flex>
  );
}

function DefinitionModal({
  definition,
  categoryId,
  onClose,
  onSaved,
}: {
  readonly definition: Definition | null;
  readonly categoryId: string | null;
  readonly onClose: () => void;
  readonly onSaved: () => void;
}) {
  const { t } = useTranslation('companies');
  const [form] = Form.useForm<FormValues>();
  const rules = useFormRules();
  const invalidSubmit = useInvalidSubmitNotice();
  const [create, { loading: creating }] = useMutation(CREATE_DYNAMIC_FIELD);
  const [update, { loading: updating }] = useMutation(UPDATE_DYNAMIC_FIELD);
  const type = Form.useWatch('type', form) ?? definition?.type ?? 'string';
  const settings = fieldSettings(definition?.settings);
  const initial: FormValues = {
    name: definition?.name ?? '',
    title: definition?.title ?? '',
    type: definition?.type ?? 'string',
    required: definition?.required ?? false,
    readonly: definition?.readonly ?? false,
    multiple: settings.multiple,
    allowedValues: settings.allowedValues.length > 0 ? settings.allowedValues.map((o) => ({ ...o })) : [{ key: '', label: '' }],
  };
  const fields = ['name', 'title', 'type', 'allowedValues'];

  const submit = async (values: FormValues) => {
    const allowedValues = WITH_VALUES.has(values.type)
      ? values.allowedValues.map((o) => ({ key: o.key.trim(), label: o.label.trim() }))
      : undefined;
    const common = {
      title: values.title.trim(),
      required: values.required,
      readonly: values.readonly,
      allowedValues,
      multiple: values.type === 'dropdown' ? values.multiple : false,
    };
    try {
      if (definition) {
        const { data } = await update({ variables: { id: definition.id, ...common } });
        const answer = data?.updateDynamicField;
        if (!answer) return reportUnexpectedError();
        if (showMutationErrors(form, answer.errors, fields)) return;
      } else {
        const { data } = await create({
          variables: { ...common, categoryId, name: values.name.trim(), type: values.type },
        });
        const answer = data?.createDynamicField;
        if (!answer) return reportUnexpectedError();
        if (showMutationErrors(form, answer.errors, fields)) return;
      }
      onSaved();
    } catch {
      reportUnexpectedError();
    }
  };

  return (
    <Modal
      open
      title={definition ? t('definitions.edit_title') : t('definitions.add_title')}
      okText={t('definitions.save')}
      cancelText={t('definitions.cancel')}
      confirmLoading={creating || updating}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={520}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => void submit(v)} onFinishFailed={invalidSubmit}>
        <Form.Item
          name="title"
          label={t('definitions.field_title')}
          rules={[rules.required, rules.maxLength(250)]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('definitions.name')}
          extra={t('definitions.name_help')}
          rules={[rules.required, { pattern: /^[a-z][a-z0-9_]*$/, message: t('definitions.name_invalid') }]}
        >
          <Input disabled={definition !== null} />
        </Form.Item>
        <Form.Item name="type" label={t('definitions.type')}>
          <Select
            disabled={definition !== null}
            options={DYNAMIC_FIELD_TYPES.map((x) => ({ value: x, label: t(`type.${x}` as 'type.string') }))}
          />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item name="required" valuePropName="checked" style={{ marginBottom: 8 }}>
            <Checkbox>{t('definitions.required')}</Checkbox>
          </Form.Item>
          <Form.Item name="readonly" valuePropName="checked" style={{ marginBottom: 8 }}>
            <Checkbox>{t('definitions.readonly')}</Checkbox>
          </Form.Item>
          {type === 'dropdown' ? (
            <Form.Item name="multiple" valuePropName="checked" style={{ marginBottom: 8 }}>
              <Checkbox>{t('definitions.multiple')}</Checkbox>
            </Form.Item>
          ) : null}
        </Flex>
        {WITH_VALUES.has(type) ? (
          <Form.Item label={t('definitions.allowed_values')} required>
            <Form.List name="allowedValues">
              {(items, { add, remove }) => (
                <Flex vertical gap={8}>
                  {items.map((item, index) => (
                    <Flex key={item.key} gap={8} align="flex-start">
                      <Form.Item
                        name={[item.name, 'key']}
                        noStyle
                        rules={[rules.required]}
                      >
                        <Input placeholder={t('definitions.value_key')} aria-label={t('definitions.value_key_n', { n: index + 1 })} />
                      </Form.Item>
                      <Form.Item
                        name={[item.name, 'label']}
                        noStyle
                        rules={[rules.required]}
                      >
                        <Input placeholder={t('definitions.value_label')} aria-label={t('definitions.value_label_n', { n: index + 1 })} />
                      </Form.Item>
                      <Button
                        type="text"
                        icon={<MinusCircleOutlined />}
                        disabled={items.length <= 1}
                        onClick={() => remove(item.name)}
                        aria-label={t('definitions.remove_value_n', { n: index + 1 })}
                      />
                    </Flex>
                  ))}
                  <Button icon={<PlusOutlined />} onClick={() => add({ key: '', label: '' })} style={{ alignSelf: 'flex-start' }}>
                    {t('definitions.add_value')}
                  </Button>
                </Flex>
              )}
            </Form.List>
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
