import { useTranslation } from 'react-i18next';
import type { CompanyFileFieldsFragment } from '../../../../gql/graphql';
import { useUpdateFile } from '../../hooks/useUpdateFile';
import { TextFieldModal } from './TextFieldModal';

export interface RenameFileModalProps {
  readonly file: CompanyFileFieldsFragment;
  readonly onClose: () => void;
}

/** Renames a file: the name is required and trimmed; save stays disabled while empty or unchanged. */
export function RenameFileModal({ file, onClose }: RenameFileModalProps) {
  const { t } = useTranslation('files');
  const { updateFile, updating } = useUpdateFile();

  const save = async (filename: string) => {
    if (await updateFile(file.uuid, { filename })) onClose();
  };

  return (
    <TextFieldModal
      name="files-rename"
      width={410}
      title={t('rename_file.title')}
      label={t('rename_file.name')}
      okText={t('actions.save')}
      current={file.filename}
      maxLength={255}
      saving={updating}
      onSave={(filename) => void save(filename)}
      onClose={onClose}
    />
  );
}
