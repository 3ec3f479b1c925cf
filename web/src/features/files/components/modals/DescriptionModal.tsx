import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyFileFieldsFragment } from '../../../../gql/graphql';
import { useUpdateFile } from '../../hooks/useUpdateFile';

export interface DescriptionModalProps {
  readonly file: Pick<CompanyFileFieldsFragment, 'uuid' | 'filename' | 'description'>;
  readonly onClose: () => void;
}

/** Adds or edits a file's description; save stays disabled while it is empty. */
export function DescriptionModal({ file, onClose }: DescriptionModalProps) {
  const { t } = useTranslation('files');
  const [text, setText] = useState(file.description ?? '');
  const { updateFile, updating } = useUpdateFile();
  const trimmed = text.trim();

  const save = async () => {
    if (!trimmed) return;
    if (await updateFile(file.uuid, { description: trimmed })) onClose();
  };

  return (
    <Modal
      open
      width={460}
      title={file.description ? t('description.edit_title') : t('description.add_title')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ disabled: !trimmed || trimmed === (file.description ?? ''), loading: updating }}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('description.label', { name: file.filename })} htmlFor="files-description-input">
          <Input.TextArea
            id="files-description-input"
            autoFocus
            value={text}
            maxLength={1000}
            showCount
            autoSize={{ minRows: 3, maxRows: 8 }}
            onChange={(e) => setText(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
