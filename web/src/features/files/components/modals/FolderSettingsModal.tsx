import { Descriptions, Form, Input, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FolderFieldsFragment } from '../../../../gql/graphql';
import { useUpdateFolder, type FolderChange } from '../../hooks/useFolderMutations';
import { FolderPicker } from '../FolderPicker';

export interface FolderSettingsModalProps {
  readonly companyId: string;
  readonly folder: FolderFieldsFragment;
  readonly onDone: (folder: FolderFieldsFragment, previousParentId: string | null) => void;
  readonly onClose: () => void;
}

/**
 * A subfolder's settings: its name and its place (another folder of the same category; not
 * inside itself). The category comes from the root folder and is shown only.
 */
export function FolderSettingsModal({ companyId, folder, onDone, onClose }: FolderSettingsModalProps) {
  const { t } = useTranslation('files');
  const [name, setName] = useState(folder.name);
  const [parent, setParent] = useState<FolderFieldsFragment | null>(null);
  const { updateFolder, updating } = useUpdateFolder();

  const trimmed = name.trim();
  const change: FolderChange = {
    ...(trimmed && trimmed !== folder.name ? { name: trimmed } : {}),
    ...(parent && parent.uuid !== folder.parentFolderId ? { parentFolderId: parent.uuid } : {}),
  };
  const changed = Object.keys(change).length > 0;

  const save = async () => {
    if (!trimmed || !changed) return;
    const updated = await updateFolder(folder.uuid, change);
    if (updated) {
      onDone(updated, folder.parentFolderId);
      onClose();
    }
  };

  return (
    <Modal
      open
      width={460}
      title={t('settings.title', { name: folder.name })}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ disabled: !trimmed || !changed, loading: updating }}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'category', label: t('settings.category'), children: <Tag>{folder.category.name}</Tag> },
          { key: 'subfolders', label: t('settings.subfolders'), children: folder.foldersCount },
        ]}
      />
      <Form layout="vertical">
        <Form.Item label={t('folder_name.name')} htmlFor="files-settings-name" required>
          <Input id="files-settings-name" value={name} maxLength={255} onChange={(e) => setName(e.target.value)} />
        </Form.Item>
        <Form.Item label={t('settings.location')} htmlFor="files-settings-parent" extra={t('settings.location_help')}>
          <FolderPicker
            id="files-settings-parent"
            companyId={companyId}
            value={parent?.uuid ?? folder.parentFolderId}
            onChange={setParent}
            excludeId={folder.uuid}
            categoryId={folder.categoryId}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
