import { Alert, App, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CompanyFileFieldsFragment } from '../../../../gql/graphql';
import { describeServerError } from '../../../../app/errors/serverErrors';
import { i18n } from '../../../../app/i18n/i18n';
import { useDeleteFiles } from '../../hooks/useDeleteFiles';

export interface DeleteFilesModalProps {
  readonly companyId: string;
  readonly files: readonly Pick<CompanyFileFieldsFragment, 'uuid' | 'filename' | 'canDestroy'>[];
  readonly onDeleted: (ids: readonly string[]) => void;
  readonly onClose: () => void;
}

const FAILURE_TOAST_S = 10;

/**
 * Confirms deleting files: only the permitted ones are deleted, the others are listed;
 * with none permitted the confirm button is disabled.
 */
export function DeleteFilesModal({ companyId, files, onDeleted, onClose }: DeleteFilesModalProps) {
  const { t } = useTranslation('files');
  const { notification } = App.useApp();
  const { deleteFiles, deleting } = useDeleteFiles();
  const allowed = files.filter((f) => f.canDestroy);
  const notAllowed = files.filter((f) => !f.canDestroy);

  const confirm = async () => {
    const result = await deleteFiles(
      companyId,
      allowed.map((f) => f.uuid),
    );
    if (result.kind === 'failed') {
      const reason = result.errors[0] ? describeServerError(result.errors[0], i18n).description : t('delete.failed');
      notification.error({ title: t('delete.error_title'), description: reason, duration: FAILURE_TOAST_S });
      return;
    }
    notification.info({ title: t('delete.done', { count: result.count }), duration: FAILURE_TOAST_S });
    onDeleted(allowed.map((f) => f.uuid));
    onClose();
  };

  return (
    <Modal
      open
      width={460}
      title={t('delete.title', { count: files.length })}
      okText={t('delete.confirm', { count: allowed.length })}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: true, disabled: allowed.length === 0, loading: deleting }}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      {allowed.length > 0 && (
        <Typography.Paragraph>
          {t('delete.question', { count: allowed.length })}
          <Typography.Text strong style={{ display: 'block' }}>
            {allowed.map((f) => f.filename).join(', ')}
          </Typography.Text>
        </Typography.Paragraph>
      )}
      {notAllowed.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('delete.not_allowed', { count: notAllowed.length })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {notAllowed.map((f) => (
                <li key={f.uuid}>{f.filename}</li>
              ))}
            </ul>
          }
        />
      )}
    </Modal>
  );
}
