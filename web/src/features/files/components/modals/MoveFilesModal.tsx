import { App, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyFileFieldsFragment, FolderFieldsFragment } from '../../../../gql/graphql';
import { useMoveFiles } from '../../hooks/useMoveFiles';
import { FolderPicker } from '../FolderPicker';

export interface MoveFilesModalProps {
  readonly companyId: string;
  readonly currentFolderId: string;
  readonly files: readonly Pick<CompanyFileFieldsFragment, 'uuid' | 'filename'>[];
  readonly onMoved: () => void;
  readonly onClose: () => void;
}

/** Moves files into another folder: a destination is required, and not the current folder. */
export function MoveFilesModal({ companyId, currentFolderId, files, onMoved, onClose }: MoveFilesModalProps) {
  const { t } = useTranslation('files');
  const { message } = App.useApp();
  const [destination, setDestination] = useState<FolderFieldsFragment | null>(null);
  const { moveFiles, moving } = useMoveFiles();
  const valid = destination !== null && destination.uuid !== currentFolderId;

  const move = async () => {
    if (!destination || !valid) return;
    const result = await moveFiles(
      files.map((f) => f.uuid),
      destination.uuid,
    );
    if (!result) return; // the modal stays open (spec 002 §8)
    void message.success(t('move.done', { count: files.length, folder: result.name }));
    onMoved();
    onClose();
  };

  return (
    <Modal
      open
      width={460}
      title={t('move.title', { count: files.length })}
      okText={t('move.confirm')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ disabled: !valid, loading: moving }}
      onOk={() => void move()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph ellipsis={{ rows: 2 }}>{files.map((f) => f.filename).join(', ')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('move.destination')} htmlFor="files-move-destination" required>
          <FolderPicker
            id="files-move-destination"
            companyId={companyId}
            value={destination?.uuid ?? null}
            onChange={setDestination}
            disabledIds={[currentFolderId]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
