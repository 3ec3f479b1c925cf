import { useMutation } from '@apollo/client/react';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMutationErrors } from '../../../shared/graphql/formErrors';
import { useFormRules, useInvalidSubmitNotice } from '../../../shared/forms/useFormRules';
import { UPDATE_PROFILE } from '../graphql/updateProfile';
import { AvatarField } from './AvatarField';

/** Modal width of the profile edit (spec 002 §9). */
const MODAL_WIDTH = 400;

export interface EditGeneralInfoModalProps {
  readonly userId: string;
  readonly name: string;
  readonly phone: string | null;
  /** The current avatar address (null: initials). */
  readonly avatar?: string | null;
  readonly onClose: () => void;
  /** After a save: the stored user is refreshed (spec 002 §2.6). */
  readonly onSaved: () => void;
}

interface Values {
  name: string;
  phone: string;
}

/** The edit-general-info modal: the picture (saved at once), full name and phone. */
export function EditGeneralInfoModal({ userId, name, phone, avatar = null, onClose, onSaved }: EditGeneralInfoModalProps) {
  const { t } = useTranslation('profile');
  const [form] = Form.useForm<Values>();
  const rules = useFormRules();
  const invalidSubmit = useInvalidSubmitNotice();
  const [saving, setSaving] = useState(false);
  const [save] = useMutation(UPDATE_PROFILE);

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      const { data } = await save({ variables: { userId, name: values.name.trim(), phone: values.phone.trim() } });
      if (showMutationErrors(form, data?.updateUser.errors ?? [], ['name', 'phone'])) return;
      onSaved();
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={MODAL_WIDTH}
      title={t('edit.title')}
      okText={t('edit.save')}
      cancelText={t('edit.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={saving}
    >
      <AvatarField userId={userId} name={name} avatar={avatar} onChanged={onSaved} />
      <Form<Values> form={form} layout="vertical" initialValues={{ name, phone: phone ?? '' }} onFinish={(v) => void submit(v)} onFinishFailed={invalidSubmit}>
        <Form.Item
          name="name"
          label={t('fields.name')}
          rules={[rules.personName]}
        >
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item name="phone" label={t('fields.phone')} rules={[rules.phone]}>
          <Input type="tel" autoComplete="tel" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
