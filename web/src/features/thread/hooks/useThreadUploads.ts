import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { showDoneToast, showRetryToast } from '../../../shared/ui/RetryActions';
import type { UploadItem } from '../utils/uploadQueue';
import { useUploadQueue } from './useUploadQueue';

/** Upload success toasts stay this long (s). */
const UPLOAD_SUCCESS_S = 10;

/**
 * The thread's upload queue with its toasts: a finished upload is told for a while (with
 * OK), a failed one stays until dismissed and offers a retry.
 */
export function useThreadUploads(taskId: string, onUploaded: () => void) {
  const { t } = useTranslation('thread');
  const { notification } = App.useApp();
  const uploads = useUploadQueue(taskId, {
    onUploaded: (item: UploadItem) => {
      // OK closes it. A thread's attachment has no description (spec 001 §3 Attachment),
      // so the Add description action of 001 §8 is the shared files' upload toast's only.
      showDoneToast(notification, {
        key: `upload:${item.id}`,
        title: t('upload.done', { name: item.file.name }),
        okText: t('actions.ok'),
        duration: UPLOAD_SUCCESS_S,
      });
      onUploaded();
    },
    onFailed: (item: UploadItem) =>
      showRetryToast(notification, {
        key: `upload:${item.id}`,
        title: t('upload.failed_toast', { name: item.file.name }),
        retryText: t('upload.retry'),
        okText: t('actions.ok'),
        onRetry: () => uploads.retry(item.id),
      }),
  });
  return uploads;
}
