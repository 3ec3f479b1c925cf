import { useTranslation } from 'react-i18next';
import type { FolderFieldsFragment } from '../../../../gql/graphql';
import { useCreateFolder, useUpdateFolder } from '../../hooks/useFolderMutations';
import { TextFieldModal } from './TextFieldModal';

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
  const { createFolder, creating } = useCreateFolder();
  const { updateFolder, updating } = useUpdateFolder();

  const save = async (name: string) => {
    const folder =
      props.mode === 'create'
        ? await createFolder(props.companyId, props.parent.uuid, name)
        : await updateFolder(props.folder.uuid, { name });
    if (folder) {
      props.onDone(folder);
      props.onClose();
    }
  };

  return (
    <TextFieldModal
      name="files-folder-name"
      width={410}
      title={props.mode === 'create' ? t('folder_name.add_title', { parent: props.parent.name }) : t('folder_name.rename_title')}
      label={t('folder_name.name')}
      okText={props.mode === 'create' ? t('actions.add') : t('actions.save')}
      current={props.mode === 'rename' ? props.folder.name : ''}
      maxLength={255}
      saving={creating || updating}
      onSave={(name) => void save(name)}
      onClose={props.onClose}
    />
  );
}
