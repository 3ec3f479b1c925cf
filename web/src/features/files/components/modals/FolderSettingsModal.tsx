import { Descriptions, Form, Input, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormRules, useInvalidSubmitNotice } from '../../../../shared/forms/useFormRules';
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
 * inside itself). The category comes from the root folder and is shown only. The name is
 * required (the shared rule) and trimmed; Save waits for a change.
 */
export function FolderSettingsModal({ companyId, folder, onDone, onClose }: FolderSettingsModalProps) {
  const { t } = useTranslation('files');
  const [form] = Form.useForm<{ name: string }>();
  const rules = useFormRules();
  const invalidSubmit = useInvalidSubmitNotice();
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
      onOk={() => form.submit()}
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
      <Form
        form={form}
        name="files-settings"
        layout="vertical"
        initialValues={{ name: folder.name }}
        onValuesChange={(_, values) => setName(values.name)}
        onFinish={() => void save()}
        onFinishFailed={invalidSubmit}
      >
        <Form.Item name="name" label={t('folder_name.name')} rules={[rules.required]}>
          <Input maxLength={255} />
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
