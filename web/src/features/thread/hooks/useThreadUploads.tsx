import { App, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UploadItem } from '../utils/uploadQueue';
import { useUploadQueue } from './useUploadQueue';

/** Upload success toasts stay this long (s). */
const UPLOAD_SUCCESS_S = 10;

/**
 * The thread's upload queue with its toasts: a finished upload is told for a while, a
 * failed one stays until dismissed and offers a retry.
 */
export function useThreadUploads(taskId: string, onUploaded: () => void) {
  const { t } = useTranslation('thread');
  const { notification } = App.useApp();
  const uploads = useUploadQueue(taskId, {
    onUploaded: (item: UploadItem) => {
      notification.success({
        key: `upload:${item.id}`,
        title: t('upload.done', { name: item.file.name }),
        duration: UPLOAD_SUCCESS_S,
      });
      onUploaded();
    },
    onFailed: (item: UploadItem) => {
      const key = `upload:${item.id}`;
      notification.error({
        key,
        title: t('upload.failed_toast', { name: item.file.name }),
        duration: 0,
        actions: (
          <Flex gap={8}>
            <Button
              size="small"
              onClick={() => {
                notification.destroy(key);
                uploads.retry(item.id);
              }}
            >
              {t('upload.retry')}
            </Button>
            <Button size="small" type="primary" onClick={() => notification.destroy(key)}>
              {t('actions.ok')}
            </Button>
          </Flex>
        ),
      });
    },
  });
  return uploads;
}
