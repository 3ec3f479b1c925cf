import { CloseOutlined, DeleteOutlined, DownloadOutlined, ReloadOutlined, StopOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@apollo/client/react';
import { App, Button, Checkbox, Flex, List, Progress, Skeleton, Typography, Upload, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PorticoOperationContext } from '../../../app/apollo/client';
import { reportServerErrors, reportUnexpectedError } from '../../../app/errors/reportErrors';
import { DELETE_ATTACHMENTS } from '../graphql/deleteAttachments';
import { THREAD_ATTACHMENTS } from '../graphql/inboxAttachments';
import { downloadUrl } from '../utils/downloads';
import { formatFileSize } from '../utils/imageFiles';
import type { UploadItem, UploadQueue } from '../utils/uploadQueue';
import type { ThreadAttachment } from '../utils/types';
import { FileIcon } from './FileIcon';
import { formatDate } from '../../../app/i18n/dates';

/** Attachments per page (spec 001 §9). */
export const ATTACHMENTS_PAGE = 10;

export interface AttachmentsPanelProps {
  readonly companyId: string;
  readonly taskId: string;
  readonly canUpload: boolean;
  /** Deleting is possible at all (an open thread); each attachment says whether the viewer may. */
  readonly canDelete: boolean;
  readonly queue: UploadQueue;
  readonly onAddFiles: (files: File[]) => void;
  readonly onRetry: (id: string) => void;
  readonly onDismiss: (id: string) => void;
  readonly onCancel: (id: string) => void;
  readonly onDownloadZip: (attachmentIds: readonly string[]) => void;
  readonly onReply?: (attachment: ThreadAttachment) => void;
  readonly onClose: () => void;
  /** Fills its container (the phone's attachments screen) instead of a 320 px column. */
  readonly fullWidth?: boolean;
}

const context: PorticoOperationContext = { silentErrors: true };

function QueueRow({ item, onRetry, onDismiss, onCancel }: { item: UploadItem; onRetry: () => void; onDismiss: () => void; onCancel: () => void }) {
  const { t } = useTranslation('thread');
  return (
    <List.Item
      actions={[
        item.state === 'failed' && (
          <Button key="retry" size="small" icon={<ReloadOutlined />} onClick={onRetry}>
            {t('upload.retry')}
          </Button>
        ),
        item.state === 'failed' && (
          <Button key="dismiss" size="small" type="text" icon={<CloseOutlined />} aria-label={t('upload.dismiss', { name: item.file.name })} onClick={onDismiss} />
        ),
        (item.state === 'active' || item.state === 'pending') && (
          <Button key="cancel" size="small" type="text" icon={<StopOutlined />} aria-label={t('upload.cancel', { name: item.file.name })} onClick={onCancel} />
        ),
      ].filter(Boolean)}
    >
      <Flex vertical style={{ width: '100%', minWidth: 0 }}>
        <Typography.Text ellipsis>{item.file.name}</Typography.Text>
        {item.state === 'failed' ? (
          <Typography.Text type="danger">{t('upload.failed')}</Typography.Text>
        ) : item.state === 'pending' ? (
          <Typography.Text type="secondary">{t('upload.waiting')}</Typography.Text>
        ) : (
          <Progress
            percent={Math.round(item.progress * 100)}
            size="small"
            status={item.state === 'completed' ? 'success' : 'active'}
            aria-label={t('upload.progress', { name: item.file.name })}
          />
        )}
      </Flex>
    </List.Item>
  );
}

/** The thread's attachments: upload (queue), download one or a zip, delete the permitted ones. */
export function AttachmentsPanel({
  companyId,
  taskId,
  canUpload,
  canDelete,
  queue,
  onAddFiles,
  onRetry,
  onDismiss,
  onCancel,
  onDownloadZip,
  onClose,
  fullWidth = false,
}: AttachmentsPanelProps) {
  const { t } = useTranslation('thread');
  const { token } = theme.useToken();
  const { modal, message } = App.useApp();
  const [selected, setSelected] = useState<string[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const { data, loading, error, fetchMore, refetch } = useQuery(THREAD_ATTACHMENTS, {
    variables: { companyId, taskId, limit: ATTACHMENTS_PAGE },
    fetchPolicy: 'cache-and-network',
    context,
  });
  const [deleteAttachments, deleting] = useMutation(DELETE_ATTACHMENTS);
  const list = data?.inboxAttachments.collection ?? [];
  const total = data?.inboxAttachments.totalCount ?? 0;
  const visibleQueue = queue.items.filter((i) => i.state !== 'completed');

  const loadMore = async () => {
    const last = list[list.length - 1];
    if (!last) return;
    setLoadingMore(true);
    try {
      await fetchMore({
        variables: { lastId: last.uuid },
        updateQuery: (prev, { fetchMoreResult }) => ({
          inboxAttachments: {
            ...fetchMoreResult.inboxAttachments,
            collection: [
              ...prev.inboxAttachments.collection,
              ...fetchMoreResult.inboxAttachments.collection.filter(
                (a) => !prev.inboxAttachments.collection.some((p) => p.uuid === a.uuid),
              ),
            ],
          },
        }),
      });
    } finally {
      setLoadingMore(false);
    }
  };

  const confirmDelete = () => {
    const chosen = list.filter((a) => selected.includes(a.uuid));
    const allowed = chosen.filter((a) => a.canDestroy);
    const refused = chosen.filter((a) => !a.canDestroy);
    modal.confirm({
      title: t('attachments.delete_title', { count: chosen.length }),
      content: refused.length ? (
        <Flex vertical gap={4}>
          <Typography.Text>{t('attachments.delete_not_allowed')}</Typography.Text>
          <ul style={{ margin: 0 }}>
            {refused.map((a) => (
              <li key={a.uuid}>{a.filename}</li>
            ))}
          </ul>
        </Flex>
      ) : (
        t('attachments.delete_text')
      ),
      okText: t('actions.delete'),
      okButtonProps: { danger: true, style: allowed.length ? undefined : { display: 'none' } },
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          const payload = (
            await deleteAttachments({ variables: { attachmentIds: allowed.map((a) => a.uuid), companyId } })
          ).data?.deleteAttachments;
          if (!payload) return;
          if (payload.errors.length) reportServerErrors(payload.errors);
          if (!payload.deletedIds.length) {
            if (!payload.errors.length) reportUnexpectedError();
            return;
          }
          message.success(t('attachments.deleted', { count: payload.deletedIds.length }));
          setSelected((s) => s.filter((id) => !payload.deletedIds.includes(id)));
          void refetch();
        } catch {
          // the error link has shown the toast
        }
      },
    });
  };

  return (
    <aside
      aria-label={t('attachments.title')}
      style={{
        width: fullWidth ? '100%' : 320,
        flexShrink: 0,
        borderLeft: fullWidth ? undefined : `1px solid ${token.colorSplit}`,
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
      }}
      data-testid="thread-attachments"
    >
      {/* On the phone's attachments screen the drawer carries the title and the close button. */}
      {!fullWidth && (
        <Flex align="center" gap={8} style={{ padding: '12px 16px' }}>
          <Typography.Title level={3} style={{ margin: 0, flex: 1, fontSize: token.fontSizeHeading5 }}>
            {t('attachments.title')} {total > 0 && <Typography.Text type="secondary">({total})</Typography.Text>}
          </Typography.Title>
          <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('attachments.close')} onClick={onClose} />
        </Flex>
      )}
      <Flex gap={8} wrap style={{ padding: fullWidth ? '12px 16px 8px' : '0 16px 8px' }}>
        {canUpload && (
          <Upload
            multiple
            showUploadList={false}
            beforeUpload={(file, files) => {
              // beforeUpload runs per file; take the whole selection once, on its first file.
              if (file === files[0]) onAddFiles(files as unknown as File[]);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />}>{t('attachments.upload')}</Button>
          </Upload>
        )}
        {total > 0 && (
          <Button icon={<DownloadOutlined />} onClick={() => onDownloadZip(selected)}>
            {selected.length ? t('attachments.download_selected', { count: selected.length }) : t('attachments.download_all')}
          </Button>
        )}
        {canDelete && selected.length > 0 && (
          <Button danger icon={<DeleteOutlined />} loading={deleting.loading} onClick={confirmDelete}>
            {t('attachments.delete_selected', { count: selected.length })}
          </Button>
        )}
      </Flex>
      {visibleQueue.length > 0 && (
        <List
          size="small"
          style={{ padding: '0 16px' }}
          header={<Typography.Text strong>{t('upload.queue')}</Typography.Text>}
          dataSource={visibleQueue}
          rowKey="id"
          renderItem={(item) => (
            <QueueRow item={item} onRetry={() => onRetry(item.id)} onDismiss={() => onDismiss(item.id)} onCancel={() => onCancel(item.id)} />
          )}
        />
      )}
      <div style={{ flex: 1, overflowY: 'auto', padding: '0 16px 16px' }}>
        {loading && !data ? (
          Array.from({ length: 5 }, (_, i) => <Skeleton key={i} active avatar={{ size: 'small', shape: 'square' }} paragraph={{ rows: 1 }} />)
        ) : error && !data ? (
          <Flex vertical align="center" gap={8} style={{ padding: 16 }}>
            <Typography.Text type="danger">{t('attachments.load_failed')}</Typography.Text>
            <Button onClick={() => void refetch()}>{t('actions.retry')}</Button>
          </Flex>
        ) : (
          <List
            dataSource={list}
            rowKey="uuid"
            // antd's empty text is too faint to read (contrast): the secondary text colour passes.
            locale={{ emptyText: <Typography.Text type="secondary">{t('attachments.none')}</Typography.Text> }}
            renderItem={(a) => (
              <List.Item>
                <Flex gap={8} align="flex-start" style={{ width: '100%', minWidth: 0 }}>
                  <Checkbox
                    checked={selected.includes(a.uuid)}
                    aria-label={t('attachments.select', { name: a.filename })}
                    onChange={(e) =>
                      setSelected((s) => (e.target.checked ? [...s, a.uuid] : s.filter((id) => id !== a.uuid)))
                    }
                  />
                  <FileIcon extension={a.extension} />
                  <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                    <a href={downloadUrl(a.uuid)} download={a.filename} style={{ wordBreak: 'break-all' }}>
                      {a.filename}
                    </a>
                    <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
                      {[formatFileSize(a.fileSize), a.uploader?.name, formatDate(a.uploadedAt)]
                        .filter(Boolean)
                        .join(' · ')}
                    </Typography.Text>
                  </Flex>
                </Flex>
              </List.Item>
            )}
          />
        )}
        {list.length < total && (
          <Flex justify="center">
            <Button loading={loadingMore} onClick={() => void loadMore()}>
              {t('attachments.load_more')}
            </Button>
          </Flex>
        )}
      </div>
    </aside>
  );
}
