import { useMutation } from '@apollo/client/react';
import { Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInit } from '../../../app/session/SessionProvider';
import type { CustomerUserFieldsFragment } from '../../../gql/graphql';
import { useInvalidSubmitNotice } from '../../../shared/forms/useFormRules';
import { showMutationErrors } from '../../../shared/graphql/formErrors';
import { UPDATE_COMPANY_USER } from '../graphql/mutations';
import { MembershipFields, grantable } from './MembershipForm';

export type Membership = NonNullable<CustomerUserFieldsFragment['companyUsers']>[number];

/** Which part of a membership the modal edits (spec 002 §2.3 row actions). */
export type MembershipEdit = 'categories' | 'title_and_role';

export interface EditMembershipModalProps {
  /** The member (named in the title). */
  readonly user: { readonly name: string };
  readonly membership: Membership;
  readonly edit: MembershipEdit;
  readonly onClose: () => void;
}

interface Values {
  jobTitle?: string;
  role?: 'user' | 'admin';
  categoryIds?: string[];
}

/** Edits a customer user's categories, or their title and role, in one company. */
export function EditMembershipModal({ user, membership, edit, onClose }: EditMembershipModalProps) {
  const { t } = useTranslation('people');
  const init = useInit();
  const [form] = Form.useForm<Values>();
  const invalidSubmit = useInvalidSubmitNotice();
  const [saving, setSaving] = useState(false);
  const [update] = useMutation(UPDATE_COMPANY_USER);
  const company = init.companies.find((c) => c.uuid === membership.company.uuid);
  // A category the user already has stays choosable even when the viewer could not give it now.
  const own = membership.categories.map((c) => c.id);
  const categories = [
    ...grantable(company?.categories),
    ...(company?.categories ?? []).filter((c) => own.includes(c.id) && !grantable(company?.categories).includes(c)),
  ];

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      const variables =
        edit === 'categories'
          ? { companyUserId: membership.uuid, companyId: membership.company.uuid, categoryIds: values.categoryIds ?? [] }
          : {
              companyUserId: membership.uuid,
              companyId: membership.company.uuid,
              jobTitle: values.jobTitle?.trim() ?? '',
              role: values.role,
            };
      const { data } = await update({ variables });
      if (showMutationErrors(form, data?.updateCompanyUser.errors ?? [], ['jobTitle', 'role', 'categoryIds'])) return;
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t(edit === 'categories' ? 'edit.categories_title' : 'edit.title_and_role_title', {
        name: user.name,
        company: membership.company.name,
      })}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ jobTitle: membership.jobTitle ?? '', role: membership.admin ? 'admin' : 'user', categoryIds: own }}
        onFinish={(v) => void submit(v)}
        onFinishFailed={invalidSubmit}
      >
        <MembershipFields
          categories={categories}
          showCategories={edit === 'categories'}
          showTitleAndRole={edit === 'title_and_role'}
        />
      </Form>
    </Modal>
  );
}
