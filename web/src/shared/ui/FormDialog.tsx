import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';

export interface FormDialogProps {
  readonly open: boolean;
  readonly afterClose?: () => void;
  readonly width: number;
  readonly title: ReactNode;
  readonly onClose: () => void;
  readonly cancelText: string;
  readonly submitText: string;
  readonly submitting: boolean;
  readonly submitDisabled?: boolean;
  readonly onSubmit: () => void;
  readonly children: ReactNode;
}

/** A dialog around a form: Cancel and the primary button below it; closing drops what was typed. */
export function FormDialog({
  open,
  afterClose,
  width,
  title,
  onClose,
  cancelText,
  submitText,
  submitting,
  submitDisabled,
  onSubmit,
  children,
}: FormDialogProps) {
  return (
    <Modal
      open={open}
      afterClose={afterClose}
      width={width}
      title={title}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {cancelText}
        </Button>,
        <Button key="submit" type="primary" loading={submitting} disabled={submitDisabled} onClick={onSubmit}>
          {submitText}
        </Button>,
      ]}
    >
      {children}
    </Modal>
  );
}
