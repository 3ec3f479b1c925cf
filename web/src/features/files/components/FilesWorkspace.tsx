import { DeleteOutlined, DownloadOutlined, SwapOutlined, UploadOutlined } from '@ant-design/icons';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { App, Badge, Button, Card, Empty, Flex, Skeleton, Space, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { describeServerError, type ServerErrorLike } from '../../../app/errors/serverErrors';
import { i18n } from '../../../app/i18n/i18n';
import type { InitCompany, InitUser } from '../../../app/session/types';
import type { CompanyFileFieldsFragment, FolderFieldsFragment } from '../../../gql/graphql';
import { COMPANY_FILES } from '../graphql/companyFiles';
import { FOLDER } from '../graphql/folder';
import { useDeleteFolder } from '../hooks/useFolderMutations';
import { useFilesRealtime } from '../hooks/useFilesRealtime';
import { useFolderTree } from '../hooks/useFolderTree';
import { useUploadQueue } from '../hooks/useUploadQueue';
import { useZipDownloads } from '../hooks/useZipDownloads';
import { folderAbilities } from '../utils/abilities';
import type { UploadItem } from '../utils/uploadQueue';
import { showRetryToast } from '../../../shared/ui/RetryActions';
import { FilesTable, type FileAction } from './FilesTable';
import { FolderHeader, type FolderAction } from './FolderHeader';
import { FolderTree } from './FolderTree';
import { useBreakpoint } from '../../../shared/hooks/useBreakpoint';

// Modals are their own chunks, loaded when first opened.
const RenameFileModal = lazy(async () => ({ default: (await import('./modals/RenameFileModal')).RenameFileModal }));
const DescriptionModal = lazy(async () => ({ default: (await import('./modals/DescriptionModal')).DescriptionModal }));
const MoveFilesModal = lazy(async () => ({ default: (await import('./modals/MoveFilesModal')).MoveFilesModal }));
const DeleteFilesModal = lazy(async () => ({ default: (await import('./modals/DeleteFilesModal')).DeleteFilesModal }));
const ActivityHistoryModal = lazy(async () => ({
  default: (await import('./modals/ActivityHistoryModal')).ActivityHistoryModal,
}));
const UploadModal = lazy(async () => ({ default: (await import('./modals/UploadModal')).UploadModal }));
const FolderNameModal = lazy(async () => ({ default: (await import('./modals/FolderNameModal')).FolderNameModal }));
const FolderSettingsModal = lazy(async () => ({
  default: (await import('./modals/FolderSettingsModal')).FolderSettingsModal,
}));

export const FILES_PAGE_SIZE = 10;
const UPLOAD_SUCCESS_TOAST_S = 10;

type FileRef = Pick<CompanyFileFieldsFragment, 'uuid' | 'filename' | 'description'>;

type OpenModal =
  | { readonly kind: 'rename'; readonly file: CompanyFileFieldsFragment }
  | { readonly kind: 'describe'; readonly file: FileRef }
  | { readonly kind: 'move'; readonly files: readonly CompanyFileFieldsFragment[] }
  | { readonly kind: 'delete'; readonly files: readonly CompanyFileFieldsFragment[] }
  | { readonly kind: 'history'; readonly file: CompanyFileFieldsFragment }
  | { readonly kind: 'upload' }
  | { readonly kind: 'addFolder'; readonly parent: FolderFieldsFragment }
  | { readonly kind: 'renameFolder'; readonly folder: FolderFieldsFragment }
  | { readonly kind: 'folderSettings'; readonly folder: FolderFieldsFragment };

export interface FilesWorkspaceProps {
  readonly user: Pick<InitUser, 'userRole'>;
  readonly company: InitCompany;
}

const hasFiles = (event: DragEvent): boolean => Array.from(event.dataTransfer.types).includes('Files');

/** The Files page's content: folder tree on the left, the selected folder's files on the right. */
export function FilesWorkspace({ user, company }: FilesWorkspaceProps) {
  const { t } = useTranslation('files');
  const { notification, modal: confirmer, message } = App.useApp();
  const client = useApolloClient();
  const screens = useBreakpoint();
  const companyId = company.uuid;
  const [query, setQuery] = useSearchParams();
  const folderId = query.get('id');

  const tree = useFolderTree(companyId);
  const zip = useZipDownloads();
  const { deleteFolder } = useDeleteFolder();
  const [modal, setModal] = useState<OpenModal | null>(null);
  const [page, setPage] = useState(1);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);

  const { data: folderData, loading: folderLoading } = useQuery(FOLDER, {
    variables: { companyId, id: folderId ?? '' },
    skip: !folderId,
  });
  const folder = folderId ? (folderData?.folder ?? null) : null;
  const abilities = useMemo(() => folderAbilities(user, company, folder), [user, company, folder]);

  const { data: filesData, loading: filesLoading } = useQuery(COMPANY_FILES, {
    variables: { companyId, folderId: folderId ?? '', page, limit: FILES_PAGE_SIZE },
    skip: !folderId,
    fetchPolicy: 'cache-and-network',
    // A refetch after each upload must not join one sent before that upload finished.
    context: { queryDeduplication: false },
  });
  const files = filesData?.companyFiles.collection ?? [];
  const totalCount = filesData?.companyFiles.totalCount ?? 0;

  useEffect(() => {
    setPage(1);
    setSelectedIds([]);
  }, [folderId]);

  // A folder reached by its address (a link, a reload) shows opened in the tree.
  const revealed = useRef<string | null>(null);
  const { reveal, loading: treeLoading } = tree;
  useEffect(() => {
    if (!folder || treeLoading || revealed.current === folder.uuid) return;
    revealed.current = folder.uuid;
    void reveal(folder);
  }, [folder, reveal, treeLoading]);

  const refetchFiles = useCallback(() => {
    void client.refetchQueries({ include: ['CompanyFiles'] });
  }, [client]);

  // Other people's changes: the list on file events, the tree and the header on folder events.
  useFilesRealtime({
    onFiles: refetchFiles,
    onFolders: () => {
      void tree.reload();
      void client.refetchQueries({ include: ['Folder'] });
    },
  });

  const onUploaded = useCallback(
    (item: UploadItem, file: CompanyFileFieldsFragment) => {
      refetchFiles();
      const key = `files-upload-${item.id}`;
      notification.success({
        key,
        title: t('upload.done', { name: file.filename }),
        duration: UPLOAD_SUCCESS_TOAST_S,
        actions: (
          <Space>
            {!file.description && file.canUpdate && (
              <Button
                size="small"
                onClick={() => {
                  notification.destroy(key);
                  setModal({ kind: 'describe', file });
                }}
              >
                {t('file.actions.add_description')}
              </Button>
            )}
            <Button size="small" type="primary" onClick={() => notification.destroy(key)}>
              {t('actions.ok')}
            </Button>
          </Space>
        ),
      });
    },
    [notification, refetchFiles, t],
  );

  // Set below, once the queue exists: the failure toast's Retry calls it.
  const retryRef = useRef<(id: string) => void>(() => {});
  const onFailed = useCallback(
    (item: UploadItem, errors: readonly ServerErrorLike[]) => {
      showRetryToast(notification, {
        key: `files-upload-failed-${item.id}`,
        title: t('upload.failed', { name: item.name }),
        description: errors[0] ? describeServerError(errors[0], i18n).description : t('upload.network_error'),
        retryText: t('upload.retry'),
        okText: t('actions.ok'),
        onRetry: () => retryRef.current(item.id),
      });
    },
    [notification, t],
  );
  const queue = useUploadQueue({ onUploaded, onFailed });
  retryRef.current = queue.retry;

  // Once the queue is done, one more refetch settles answers that crossed each other.
  const wasUploading = useRef(false);
  useEffect(() => {
    if (wasUploading.current && !queue.uploading) refetchFiles();
    wasUploading.current = queue.uploading;
  }, [queue.uploading, refetchFiles]);

  const goToFolder = useCallback(
    (target: FolderFieldsFragment) => {
      if (target.uuid === folderId) return;
      const go = () =>
        setQuery((q) => {
          const next = new URLSearchParams(q);
          next.set('id', target.uuid);
          return next;
        });
      if (!queue.uploading) {
        go();
        return;
      }
      confirmer.confirm({
        title: t('leave_upload.title'),
        content: t('leave_upload.content'),
        okText: t('leave_upload.confirm'),
        cancelText: t('leave_upload.stay'),
        onOk: go,
      });
    },
    [confirmer, folderId, queue.uploading, setQuery, t],
  );

  const selectedFiles = files.filter((f) => selectedIds.includes(f.uuid));

  const onFileAction = (action: FileAction, file: CompanyFileFieldsFragment) => {
    if (action === 'move' || action === 'delete') setModal({ kind: action, files: [file] });
    else if (action === 'describe') setModal({ kind: 'describe', file });
    else setModal({ kind: action, file });
  };

  const onFolderAction = (action: FolderAction) => {
    if (!folder) return;
    switch (action) {
      case 'upload':
        setModal({ kind: 'upload' });
        return;
      case 'addSubfolder':
        setModal({ kind: 'addFolder', parent: folder });
        return;
      case 'rename':
        setModal({ kind: 'renameFolder', folder });
        return;
      case 'settings':
        setModal({ kind: 'folderSettings', folder });
        return;
      case 'zip':
        void zip.requestZip({ companyId, folderId: folder.uuid });
        return;
      case 'delete':
        confirmer.confirm({
          title: t('delete_folder.title', { name: folder.name }),
          content: t('delete_folder.content'),
          okText: t('delete_folder.confirm'),
          okButtonProps: { danger: true },
          cancelText: t('actions.cancel'),
          onOk: async () => {
            if (!(await deleteFolder(folder.uuid))) return;
            void message.success(t('delete_folder.done', { name: folder.name }));
            tree.folderDeleted(folder.uuid);
            setQuery((q) => {
              const next = new URLSearchParams(q);
              if (folder.parentFolderId) next.set('id', folder.parentFolderId);
              else next.delete('id');
              return next;
            });
          },
        });
    }
  };

  const uploadTarget = folder && abilities.upload ? { id: folder.uuid, name: folder.name } : null;

  const dropProps = uploadTarget
    ? {
        onDragEnter: (e: DragEvent) => {
          if (hasFiles(e)) setDragging(true);
        },
        onDragOver: (e: DragEvent) => {
          if (!hasFiles(e)) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        },
        onDragLeave: (e: DragEvent) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        },
        onDrop: (e: DragEvent) => {
          if (!hasFiles(e)) return;
          e.preventDefault();
          setDragging(false);
          const rejected = queue.add(Array.from(e.dataTransfer.files), uploadTarget, { start: true });
          if (rejected.length) void message.warning(t('upload.rejected.title', { count: rejected.length }));
        },
      }
    : {};

  const counts = queue.counts;
  const queueButton =
    counts.total > 0 ? (
      <Badge count={counts.failed} size="small">
        <Button icon={<UploadOutlined />} onClick={() => setModal({ kind: 'upload' })}>
          {queue.uploading
            ? t('upload.progress_button', { done: counts.completed, total: counts.total - counts.failed })
            : t('upload.queue_button')}
        </Button>
      </Badge>
    ) : null;

  const right = !folderId ? (
    <Empty description={t('empty.select_folder')} style={{ marginBlock: 48 }} />
  ) : folderLoading && !folder ? (
    <Skeleton active />
  ) : !folder ? (
    <Empty description={t('empty.not_found')} style={{ marginBlock: 48 }} />
  ) : (
    <Flex vertical gap="middle">
      <FolderHeader folder={folder} abilities={abilities} zipping={zip.requesting} onAction={onFolderAction} />
      <Flex gap="small" wrap align="center" aria-live="polite">
        {selectedFiles.length > 0 && (
          <>
            <Typography.Text>{t('selection.count', { count: selectedFiles.length })}</Typography.Text>
            <Button
              size="small"
              icon={<DownloadOutlined />}
              onClick={() => void zip.requestZip({ companyId, fileIds: selectedFiles.map((f) => f.uuid) })}
            >
              {t('selection.download_zip')}
            </Button>
            <Button
              size="small"
              icon={<SwapOutlined />}
              disabled={!selectedFiles.some((f) => f.canUpdate)}
              onClick={() => setModal({ kind: 'move', files: selectedFiles })}
            >
              {t('selection.move')}
            </Button>
            <Button size="small" danger icon={<DeleteOutlined />} onClick={() => setModal({ kind: 'delete', files: selectedFiles })}>
              {t('selection.delete')}
            </Button>
          </>
        )}
        {queueButton}
      </Flex>
      <FilesTable
        files={files}
        totalCount={totalCount}
        page={page}
        pageSize={FILES_PAGE_SIZE}
        loading={filesLoading && !filesData}
        onPageChange={(p) => {
          setPage(p);
          setSelectedIds([]);
        }}
        selectedIds={selectedIds}
        onSelectionChange={setSelectedIds}
        onAction={onFileAction}
      />
    </Flex>
  );

  const close = () => setModal(null);
  return (
    <Flex gap="middle" vertical={!screens.md} align="stretch">
      <Card
        size="small"
        title={t('tree.title')}
        style={{ width: screens.md ? 300 : '100%', flexShrink: 0, alignSelf: 'flex-start' }}
        extra={
          <Button
            size="small"
            icon={<UploadOutlined />}
            disabled={!uploadTarget}
            onClick={() => setModal({ kind: 'upload' })}
          >
            {t('folder.upload')}
          </Button>
        }
      >
        <FolderTree tree={tree} selectedId={folderId} onSelect={goToFolder} />
      </Card>
      <section
        aria-label={folder ? t('pane.label', { name: folder.name }) : t('pane.label_empty')}
        data-testid="files-pane"
        style={{
          flex: 1,
          minWidth: 0,
          position: 'relative',
          outline: dragging ? '2px dashed #1677ff' : undefined,
          outlineOffset: 4,
          borderRadius: 8,
        }}
        {...dropProps}
      >
        {dragging && (
          <Typography.Text strong style={{ display: 'block', textAlign: 'center', marginBottom: 8 }}>
            {t('upload.drop_to_upload', { folder: folder?.name ?? '' })}
          </Typography.Text>
        )}
        {right}
      </section>

      <Suspense fallback={null}>
        {modal?.kind === 'rename' && <RenameFileModal file={modal.file} onClose={close} />}
        {modal?.kind === 'describe' && <DescriptionModal file={modal.file} onClose={close} />}
        {modal?.kind === 'history' && <ActivityHistoryModal companyId={companyId} file={modal.file} onClose={close} />}
        {modal?.kind === 'move' && folder && (
          <MoveFilesModal
            companyId={companyId}
            currentFolderId={folder.uuid}
            files={modal.files}
            onMoved={() => setSelectedIds([])}
            onClose={close}
          />
        )}
        {modal?.kind === 'delete' && (
          <DeleteFilesModal
            companyId={companyId}
            files={modal.files}
            onDeleted={(ids) => setSelectedIds((s) => s.filter((id) => !ids.includes(id)))}
            onClose={close}
          />
        )}
        {modal?.kind === 'upload' && <UploadModal target={uploadTarget} queue={queue} onClose={close} />}
        {modal?.kind === 'addFolder' && (
          <FolderNameModal
            mode="create"
            companyId={companyId}
            parent={modal.parent}
            onDone={(created) => void tree.folderAdded(created)}
            onClose={close}
          />
        )}
        {modal?.kind === 'renameFolder' && (
          <FolderNameModal
            mode="rename"
            folder={modal.folder}
            onDone={(updated) => void tree.folderUpdated(updated)}
            onClose={close}
          />
        )}
        {modal?.kind === 'folderSettings' && (
          <FolderSettingsModal
            companyId={companyId}
            folder={modal.folder}
            onDone={(updated, previousParentId) => void tree.folderUpdated(updated, previousParentId)}
            onClose={close}
          />
        )}
      </Suspense>
    </Flex>
  );
}
