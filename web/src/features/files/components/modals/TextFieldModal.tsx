import { Form, Input, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormRules, useInvalidSubmitNotice } from '../../../../shared/forms/useFormRules';
import { changedName } from '../../utils/format';

export interface TextFieldModalProps {
  /** The form's name: the field's id is `${name}_text`. */
  readonly name: string;
  readonly width: number;
  readonly title: ReactNode;
  readonly label: ReactNode;
  readonly okText: string;
  /** The text now ('' for a new one): Save waits for a change. */
  readonly current: string;
  readonly maxLength: number;
  /** A text area with a character count rather than a line. */
  readonly multiline?: boolean;
  readonly saving: boolean;
  /** Gets the text trimmed, once changed. */
  readonly onSave: (text: string) => void;
  readonly onClose: () => void;
}

/**
 * The files modals' one-text forms (spec 002 §5 Files: a folder's or a file's name, a
 * description): the text is required (the shared rule: only spaces "cannot be empty") and
 * trimmed; Save is disabled while it is empty or unchanged, and Enter on bad input shows the
 * rule's message and the invalid-submit notice, sending nothing.
 */
export function TextFieldModal({
  name,
  width,
  title,
  label,
  okText,
  current,
  maxLength,
  multiline,
  saving,
  onSave,
  onClose,
}: TextFieldModalProps) {
  const { t } = useTranslation('files');
  const [form] = Form.useForm<{ text: string }>();
  const rules = useFormRules();
  const invalidSubmit = useInvalidSubmitNotice();
  // kept on each change (not watched) so that Save follows the typing at once
  const [text, setText] = useState(current);
  const changed = changedName(text, current) !== null;

  const finish = ({ text: typed }: { text: string }) => {
    const next = changedName(typed, current);
    if (next) onSave(next);
  };

  return (
    <Modal
      open
      width={width}
      title={title}
      okText={okText}
      cancelText={t('actions.cancel')}
      okButtonProps={{ disabled: !changed, loading: saving }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        name={name}
        layout="vertical"
        initialValues={{ text: current }}
        onValuesChange={(_, values) => setText(values.text)}
        onFinish={finish}
        onFinishFailed={invalidSubmit}
      >
        <Form.Item name="text" label={label} rules={[rules.required]}>
          {multiline ? (
            <Input.TextArea autoFocus maxLength={maxLength} showCount autoSize={{ minRows: 3, maxRows: 8 }} />
          ) : (
            <Input autoFocus maxLength={maxLength} />
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
