import { useLazyQuery, useMutation } from '@apollo/client/react';
import { Form, Input, Modal, Segmented, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInit } from '../../../app/session/SessionProvider';
import { showMutationErrors } from '../../../shared/graphql/formErrors';
import { useFormRules, useInvalidSubmitNotice } from '../../../shared/forms/useFormRules';
import { CUSTOMER_USERS } from '../graphql/customerUsers';
import { ADD_CUSTOMER_USER_TO_COMPANY, CREATE_COMPANY_USER } from '../graphql/mutations';
import { MembershipFields, grantable } from './MembershipForm';

export interface AddCustomerUserModalProps {
  readonly open: boolean;
  /** The company the user joins; null lets the admin choose one (any-company mode). */
  readonly companyId: string | null;
  readonly onClose: () => void;
  readonly onAdded: () => void;
  /** Adds this existing user to a company (CustomerUserEdit's "add company"). */
  readonly userId?: string;
}

type Mode = 'new' | 'existing';

interface Values {
  companyId?: string;
  userId?: string;
  name?: string;
  email?: string;
  phone?: string;
  jobTitle?: string;
  categoryIds?: string[];
  role: 'user' | 'admin';
}

const FIELDS = ['companyId', 'userId', 'name', 'email', 'phone', 'jobTitle', 'categoryIds', 'role'];

const trimmed = (value: string | undefined): string | undefined => {
  const v = value?.trim();
  return v ? v : undefined;
};

/** Adds a customer user to a company: a new user, or an existing one found by name or e-mail. */
export function AddCustomerUserModal({ open, companyId, onClose, onAdded, userId }: AddCustomerUserModalProps) {
  const { t } = useTranslation('people');
  const init = useInit();
  const [form] = Form.useForm<Values>();
  const rules = useFormRules();
  const invalidSubmit = useInvalidSubmitNotice();
  const [chosenMode, setMode] = useState<Mode>('new');
  const mode: Mode = userId ? 'existing' : chosenMode;
  const [saving, setSaving] = useState(false);
  const chosenCompany = Form.useWatch('companyId', form) ?? companyId ?? undefined;
  const company = init.companies.find((c) => c.uuid === chosenCompany);
  const [create] = useMutation(CREATE_COMPANY_USER);
  const [add] = useMutation(ADD_CUSTOMER_USER_TO_COMPANY);
  const [findUsers, found] = useLazyQuery(CUSTOMER_USERS);

  const close = () => {
    form.resetFields();
    setMode('new');
    onClose();
  };

  const submit = async (values: Values) => {
    const target = companyId ?? values.companyId ?? '';
    const membership = {
      companyId: target,
      jobTitle: trimmed(values.jobTitle),
      categoryIds: values.categoryIds ?? [],
      role: values.role,
    };
    setSaving(true);
    try {
      const errors =
        mode === 'new'
          ? (
              await create({
                variables: {
                  ...membership,
                  name: values.name?.trim() ?? '',
                  email: values.email?.trim() ?? '',
                  phone: trimmed(values.phone),
                },
              })
            ).data?.createCompanyUser.errors
          : (await add({ variables: { ...membership, userId: userId ?? values.userId ?? '' } })).data?.addCustomerUserToCompany.errors;
      if (showMutationErrors(form, errors ?? [], FIELDS)) return;
      onAdded();
      close();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(userId ? 'add.company_title' : 'add.title')}
      okText={t('add.submit')}
      cancelText={t('actions.cancel')}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={saving}
      destroyOnHidden
    >
      {userId ? null : (
        <Segmented<Mode>
          block
          value={mode}
          onChange={setMode}
          options={[
            { value: 'new', label: t('add.new_user') },
            { value: 'existing', label: t('add.existing_user') },
          ]}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ role: 'user', categoryIds: [] }}
        onFinish={(v) => void submit(v)}
        onFinishFailed={invalidSubmit}
        onValuesChange={(changed: Partial<Values>) => {
          // Changing the company clears the chosen categories (spec 002 §5).
          if ('companyId' in changed) form.setFieldValue('categoryIds', []);
        }}
      >
        {companyId ? null : (
          <Form.Item name="companyId" label={t('fields.company')} rules={[rules.required]}>
            <Select
              showSearch
              optionFilterProp="label"
              options={init.companies.map((c) => ({ value: c.uuid, label: c.name }))}
            />
          </Form.Item>
        )}
        {mode === 'new' ? (
          <>
            <Form.Item
              name="name"
              label={t('fields.name')}
              rules={[rules.personName]}
            >
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="email"
              label={t('fields.email')}
              rules={[rules.required, rules.email]}
            >
              <Input type="email" autoComplete="off" />
            </Form.Item>
            <Form.Item name="phone" label={t('fields.phone')} rules={[rules.phone]}>
              <Input type="tel" autoComplete="off" />
            </Form.Item>
          </>
        ) : userId ? null : (
          <Form.Item name="userId" label={t('fields.user')} rules={[rules.required]}>
            <Select
              showSearch
              filterOption={false}
              placeholder={t('add.search_user')}
              onSearch={(search) => {
                if (search.trim().length >= 2) void findUsers({ variables: { search: search.trim(), limit: 20 } });
              }}
              loading={found.loading}
              notFoundContent={null}
              options={(found.data?.users.collection ?? []).map((u) => ({ value: u.uuid, label: `${u.name} (${u.email})` }))}
            />
          </Form.Item>
        )}
        <MembershipFields categories={chosenCompany ? grantable(company?.categories) : []} />
      </Form>
    </Modal>
  );
}
