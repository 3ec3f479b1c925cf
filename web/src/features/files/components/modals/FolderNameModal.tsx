import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FolderFieldsFragment } from '../../../../gql/graphql';
import { useCreateFolder, useUpdateFolder } from '../../hooks/useFolderMutations';
import { changedName } from '../../utils/format';

export type FolderNameModalProps =
  | {
      readonly mode: 'create';
      readonly companyId: string;
      readonly parent: Pick<FolderFieldsFragment, 'uuid' | 'name'>;
      readonly onDone: (folder: FolderFieldsFragment) => void;
      readonly onClose: () => void;
    }
  | {
      readonly mode: 'rename';
      readonly folder: Pick<FolderFieldsFragment, 'uuid' | 'name'>;
      readonly onDone: (folder: FolderFieldsFragment) => void;
      readonly onClose: () => void;
    };

/** Adds a subfolder, or renames a folder; the name is required and trimmed. */
export function FolderNameModal(props: FolderNameModalProps) {
  const { t } = useTranslation('files');
  const current = props.mode === 'rename' ? props.folder.name : '';
  const [name, setName] = useState(current);
  const { createFolder, creating } = useCreateFolder();
  const { updateFolder, updating } = useUpdateFolder();
  const next = changedName(name, current);

  const save = async () => {
    if (!next) return;
    const folder =
      props.mode === 'create'
        ? await createFolder(props.companyId, props.parent.uuid, next)
        : await updateFolder(props.folder.uuid, { name: next });
    if (folder) {
      props.onDone(folder);
      props.onClose();
    }
  };

  return (
    <Modal
      open
      width={410}
      title={props.mode === 'create' ? t('folder_name.add_title', { parent: props.parent.name }) : t('folder_name.rename_title')}
      okText={props.mode === 'create' ? t('actions.add') : t('actions.save')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ disabled: !next, loading: creating || updating }}
      onOk={() => void save()}
      onCancel={props.onClose}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void save()}>
        <Form.Item label={t('folder_name.name')} htmlFor="files-folder-name-input" required>
          <Input
            id="files-folder-name-input"
            autoFocus
            value={name}
            maxLength={255}
            onChange={(e) => setName(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
