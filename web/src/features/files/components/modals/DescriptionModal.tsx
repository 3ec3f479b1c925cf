import { useTranslation } from 'react-i18next';
import type { CompanyFileFieldsFragment } from '../../../../gql/graphql';
import { useUpdateFile } from '../../hooks/useUpdateFile';
import { TextFieldModal } from './TextFieldModal';

export interface DescriptionModalProps {
  readonly file: Pick<CompanyFileFieldsFragment, 'uuid' | 'filename' | 'description'>;
  readonly onClose: () => void;
}

/** Adds or edits a file's description; save stays disabled while it is empty or unchanged. */
export function DescriptionModal({ file, onClose }: DescriptionModalProps) {
  const { t } = useTranslation('files');
  const { updateFile, updating } = useUpdateFile();

  const save = async (description: string) => {
    if (await updateFile(file.uuid, { description })) onClose();
  };

  return (
    <TextFieldModal
      name="files-description"
      width={460}
      title={file.description ? t('description.edit_title') : t('description.add_title')}
      label={t('description.label', { name: file.filename })}
      okText={t('actions.save')}
      current={file.description ?? ''}
      maxLength={1000}
      multiline
      saving={updating}
      onSave={(description) => void save(description)}
      onClose={onClose}
    />
  );
}
