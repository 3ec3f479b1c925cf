import { useMutation, useQuery } from '@apollo/client/react';
import { Checkbox, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInit } from '../../../app/session/SessionProvider';
import type { PorticoUserFieldsFragment } from '../../../gql/graphql';
import { MultiSelect } from '../../../shared/forms/MultiSelect';
import { useFormRules, useInvalidSubmitNotice } from '../../../shared/forms/useFormRules';
import { showMutationErrors } from '../../../shared/graphql/formErrors';
import { ADD_PORTICO_USER_TO_COMPANY, GLOBAL_ROLES, UPDATE_PORTICO_USER } from '../graphql/porticoUsers';
import { RoleChoice, type MembershipRole } from './MembershipForm';

export type PorticoMembership = NonNullable<PorticoUserFieldsFragment['porticoUsers']>[number];

export interface PorticoMembershipModalProps {
  readonly user: PorticoUserFieldsFragment;
  /** The membership to change; without one the modal gives the agent a company. */
  readonly membership?: PorticoMembership;
  /** The company the agent is given (the company card's list); otherwise chosen in the modal. */
  readonly companyId?: string | null;
  readonly onClose: () => void;
  readonly onSaved: () => void;
}

interface Values {
  companyId?: string;
  role: MembershipRole;
  companyRoleIds?: string[];
  categoryIds?: string[];
}

const FIELDS = ['companyId', 'role', 'companyRoleIds', 'categoryIds'];

/**
 * Gives an agent a company with a role, company roles (globalRoles) and categories, or changes those of one of
 * their companies (spec 002 §2.5). Agents may be given internal categories: those are the staff's own.
 */
export function PorticoMembershipModal({ user, membership, companyId, onClose, onSaved }: PorticoMembershipModalProps) {
  const { t } = useTranslation('people');
  const init = useInit();
  const [form] = Form.useForm<Values>();
  const rules = useFormRules();
  const invalidSubmit = useInvalidSubmitNotice();
  const [saving, setSaving] = useState(false);
  const roles = useQuery(GLOBAL_ROLES);
  const [add] = useMutation(ADD_PORTICO_USER_TO_COMPANY);
  const [update] = useMutation(UPDATE_PORTICO_USER);
  const watched = Form.useWatch('companyId', form);
  const target = membership?.company.uuid ?? companyId ?? watched;
  const company = init.companies.find((c) => c.uuid === target);
  const own = membership?.categories.map((c) => c.id) ?? [];
  const categories = (company?.categories ?? []).filter((c) => c.active || own.includes(c.id));
  const taken = new Set((user.porticoUsers ?? []).map((m) => m.company.uuid));

  const submit = async (values: Values) => {
    const common = {
      role: values.role,
      categoryIds: values.categoryIds ?? [],
      companyRoleIds: values.companyRoleIds ?? [],
    };
    setSaving(true);
    try {
      const errors = membership
        ? (
            await update({
              variables: { ...common, porticoUserId: membership.uuid, companyId: membership.company.uuid },
            })
          ).data?.updatePorticoUser.errors
        : (await add({ variables: { ...common, userId: user.uuid, companyId: target ?? '' } })).data
            ?.addPorticoUserToCompany.errors;
      if (showMutationErrors(form, errors ?? [], FIELDS)) return;
      onSaved();
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={
        membership
          ? t('agents.edit_title', { name: user.name, company: membership.company.name })
          : t('agents.give_title', { name: user.name })
      }
      okText={membership ? t('actions.save') : t('agents.give_submit')}
      cancelText={t('actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
      width={460}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          role: membership?.role === 'admin' ? 'admin' : 'user',
          companyRoleIds: membership?.companyRoles.map((r) => r.id) ?? [],
          categoryIds: own,
        }}
        onFinish={(v) => void submit(v)}
        onFinishFailed={invalidSubmit}
        onValuesChange={(changed: Partial<Values>) => {
          // Another company has other categories.
          if ('companyId' in changed) form.setFieldValue('categoryIds', []);
        }}
      >
        {membership || companyId ? null : (
          <Form.Item name="companyId" label={t('fields.company')} rules={[rules.required]}>
            <Select
              showSearch
              optionFilterProp="label"
              options={init.companies
                .filter((c) => !taken.has(c.uuid))
                .map((c) => ({ value: c.uuid, label: c.name }))}
            />
          </Form.Item>
        )}
        <Form.Item name="role" label={t('agents.company_role')} rules={[rules.required]}>
          <RoleChoice />
        </Form.Item>
        <Form.Item name="companyRoleIds" label={t('agents.roles_in_company')}>
          <MultiSelect loading={roles.loading} options={(roles.data?.globalRoles ?? []).map((r) => ({ value: r.id, label: r.name }))} />
        </Form.Item>
        <Form.Item name="categoryIds" label={t('fields.categories')}>
          {target && categories.length === 0 ? (
            <span>{t('fields.no_categories')}</span>
          ) : (
            <Checkbox.Group options={categories.map((c) => ({ value: c.id, label: c.name }))} />
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
