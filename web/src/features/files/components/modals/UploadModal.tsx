import { DeleteOutlined, InboxOutlined, RedoOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Flex, Input, List, Modal, Progress, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormsTranslation } from '../../../../shared/forms/useFormsTranslation';
import type { UploadQueueApi, UploadTarget } from '../../hooks/useUploadQueue';
import { formatFileSize } from '../../utils/format';
import { DEFAULT_MAX_UPLOAD_BYTES, type RejectedFile, type UploadItem } from '../../utils/uploadQueue';

export const UPLOAD_MODAL_WIDTH = 860;

export interface UploadModalProps {
  /** The folder new files go to; null when none is chosen (nothing can be added). */
  readonly target: UploadTarget | null;
  readonly queue: UploadQueueApi;
  readonly maxBytes?: number;
  readonly onClose: () => void;
}

// A status dot beside default-coloured text: antd's green and red tags fail contrast checks.
const STATUS_BADGES: Record<UploadItem['status'], 'default' | 'processing' | 'success' | 'error'> = {
  pending: 'default',
  active: 'processing',
  completed: 'success',
  failed: 'error',
};

/** Picks files (several at once), takes an optional description for each, and shows the queue. */
export function UploadModal({ target, queue, maxBytes = DEFAULT_MAX_UPLOAD_BYTES, onClose }: UploadModalProps) {
  const { t, i18n } = useTranslation('files');
  // "too large" is the shared file picker's text (spec 000 §5)
  const forms = useFormsTranslation();
  const [rejected, setRejected] = useState<RejectedFile[]>([]);
  // antd calls beforeUpload once per file of a pick; the whole pick is queued on its first file.
  const lastBatch = useRef<readonly File[] | null>(null);

  const addFiles = (files: readonly File[]) => {
    if (!target || lastBatch.current === files) return;
    lastBatch.current = files;
    setRejected(queue.add(files, target));
  };

  const reason = (r: RejectedFile): string =>
    r.reason === 'duplicate'
      ? t('upload.rejected.duplicate', { name: r.name })
      : r.reason === 'too_large'
        ? forms.t('file.too_large', { name: r.name, size: formatFileSize(maxBytes, i18n.resolvedLanguage) })
        : t('upload.rejected.empty', { name: r.name });

  const pending = queue.counts.pending;
  return (
    <Modal
      open
      width={UPLOAD_MODAL_WIDTH}
      title={target ? t('upload.title', { folder: target.name }) : t('upload.title_no_folder')}
      onCancel={onClose}
      footer={
        <Flex justify="space-between" gap="small" wrap>
          <Button onClick={queue.clearFinished} disabled={queue.counts.completed === 0}>
            {t('upload.clear_finished')}
          </Button>
          <Flex gap="small">
            <Button onClick={onClose}>{t('actions.close')}</Button>
            <Button type="primary" disabled={pending === 0 || queue.running} onClick={queue.start}>
              {t('upload.start', { count: pending })}
            </Button>
          </Flex>
        </Flex>
      }
      destroyOnHidden
    >
      <Flex vertical gap="middle">
        <Upload.Dragger
          multiple
          disabled={!target}
          showUploadList={false}
          beforeUpload={(_file, fileList) => {
            addFiles(fileList);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('upload.drop_here')}</p>
          <p className="ant-upload-hint">{t('upload.hint', { size: formatFileSize(maxBytes, i18n.resolvedLanguage) })}</p>
        </Upload.Dragger>
        {rejected.length > 0 && (
          <Alert
            type="warning"
            showIcon
            closable={{ 'aria-label': t('actions.close') }}
            onClose={() => setRejected([])}
            title={t('upload.rejected.title', { count: rejected.length })}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {rejected.map((r) => (
                  <li key={`${r.name}-${r.reason}`}>{reason(r)}</li>
                ))}
              </ul>
            }
          />
        )}
        {queue.items.length > 0 && (
          <List<UploadItem>
            size="small"
            bordered
            dataSource={[...queue.items]}
            renderItem={(item) => (
              <List.Item
                key={item.id}
                actions={[
                  item.status === 'failed' ? (
                    <Button
                      key="retry"
                      size="small"
                      icon={<RedoOutlined />}
                      onClick={() => queue.retry(item.id)}
                    >
                      {t('upload.retry')}
                    </Button>
                  ) : null,
                  item.status === 'pending' || item.status === 'failed' ? (
                    <Button
                      key="dismiss"
                      size="small"
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('upload.dismiss', { name: item.name })}
                      onClick={() => queue.dismiss(item.id)}
                    />
                  ) : null,
                ].filter(Boolean)}
              >
                <Flex vertical gap={4} style={{ width: '100%', minWidth: 0 }}>
                  <Flex gap="small" align="center" wrap>
                    <Typography.Text strong ellipsis style={{ maxWidth: 360 }}>
                      {item.name}
                    </Typography.Text>
                    <Typography.Text type="secondary">{formatFileSize(item.size, i18n.resolvedLanguage)}</Typography.Text>
                    <Badge status={STATUS_BADGES[item.status]} text={t(`upload.status.${item.status}`)} />
                    {item.folderId !== target?.id && (
                      <Typography.Text type="secondary">{t('upload.into', { folder: item.folderName })}</Typography.Text>
                    )}
                  </Flex>
                  {item.status === 'active' && (
                    <Progress percent={item.progress} size="small" aria-label={t('upload.progress', { name: item.name })} />
                  )}
                  {(item.status === 'pending' || item.status === 'failed') && (
                    <Input
                      size="small"
                      aria-label={t('upload.description', { name: item.name })}
                      placeholder={t('upload.description_placeholder')}
                      value={item.description}
                      maxLength={1000}
                      onChange={(e) => queue.describe(item.id, e.target.value)}
                    />
                  )}
                  {item.status === 'completed' && item.description && (
                    <Typography.Text type="secondary">{item.description}</Typography.Text>
                  )}
                </Flex>
              </List.Item>
            )}
          />
        )}
      </Flex>
    </Modal>
  );
}
