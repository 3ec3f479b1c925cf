import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyFileFieldsFragment } from '../../../../gql/graphql';
import { useUpdateFile } from '../../hooks/useUpdateFile';
import { changedName } from '../../utils/format';

export interface RenameFileModalProps {
  readonly file: CompanyFileFieldsFragment;
  readonly onClose: () => void;
}

/** Renames a file: the name is trimmed; save stays disabled while empty or unchanged. */
export function RenameFileModal({ file, onClose }: RenameFileModalProps) {
  const { t } = useTranslation('files');
  const [name, setName] = useState(file.filename);
  const { updateFile, updating } = useUpdateFile();
  const next = changedName(name, file.filename);

  const save = async () => {
    if (!next) return;
    if (await updateFile(file.uuid, { filename: next })) onClose();
  };

  return (
    <Modal
      open
      width={410}
      title={t('rename_file.title')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ disabled: !next, loading: updating }}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void save()}>
        <Form.Item label={t('rename_file.name')} htmlFor="files-rename-input">
          <Input id="files-rename-input" autoFocus value={name} maxLength={255} onChange={(e) => setName(e.target.value)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
