import { useApolloClient, useMutation } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PorticoOperationContext } from '../../../app/apollo/client';
import { notifier } from '../../../app/errors/notifier';
import { reportServerErrors, reportUnexpectedError } from '../../../app/errors/reportErrors';
import { ERROR_TOAST_DURATION_S } from '../../../app/errors/serverErrors';
import { CONTENT_ZIP_FILE } from '../graphql/contentZipFile';
import { DOWNLOAD_CONTENT_ZIP_FILE } from '../graphql/downloadContentZipFile';
import { startBrowserDownload } from '../utils/browserDownload';
import {
  ZIP_POLL_INTERVAL_MS,
  downloadUrl,
  readZipDownloads,
  withZipDownload,
  withoutZipDownload,
  writeZipDownloads,
  zipPollOutcome,
  type ZipDownload,
  type ZipPollOutcome,
} from '../utils/zipDownloads';

export interface ZipRequest {
  readonly companyId: string;
  readonly folderId?: string | null;
  readonly fileIds?: readonly string[] | null;
}

export interface ZipDownloadsApi {
  /** Asks the server for a zip; it downloads by itself once ready. True when it was started. */
  readonly requestZip: (request: ZipRequest) => Promise<boolean>;
  readonly requesting: boolean;
  readonly pending: readonly ZipDownload[];
}

const SUCCESS_TOAST_S = 10;
const toastKey = (id: string): string => `files-zip-${id}`;

/**
 * Shared-files zips made in the background: the list of those still being made is kept in
 * local storage and polled every 4 seconds; each shows a loading toast until it downloads.
 */
export function useZipDownloads(pollIntervalMs: number = ZIP_POLL_INTERVAL_MS): ZipDownloadsApi {
  const { t } = useTranslation('files');
  const client = useApolloClient();
  const [mutate, { loading: requesting }] = useMutation(DOWNLOAD_CONTENT_ZIP_FILE);
  const [pending, setPending] = useState<ZipDownload[]>(() => readZipDownloads());
  const pendingRef = useRef(pending);

  useEffect(() => {
    pendingRef.current = pending;
    writeZipDownloads(pending);
    for (const entry of pending) {
      notifier().info({
        key: toastKey(entry.id),
        title: t('zip.preparing.title'),
        description: t('zip.preparing.description'),
        icon: <Spin size="small" />,
        duration: 0,
        closable: false,
      });
    }
  }, [pending, t]);

  const finish = useCallback((id: string) => {
    notifier().destroy(toastKey(id));
    setPending((list) => withoutZipDownload(list, id));
  }, []);

  const pollEach = useCallback(async () => {
    const context: PorticoOperationContext = { silentErrors: true };
    for (const entry of pendingRef.current) {
      let outcome: ZipPollOutcome;
      try {
        const { data, error } = await client.query({
          query: CONTENT_ZIP_FILE,
          variables: { companyId: entry.companyId, id: entry.id },
          fetchPolicy: 'network-only',
          errorPolicy: 'all',
          context,
        });
        if (error && !CombinedGraphQLErrors.is(error)) continue; // the network: try again next time
        outcome = error ? 'gone' : zipPollOutcome(data?.contentZipFile);
      } catch {
        continue;
      }
      if (outcome === 'pending') continue;
      finish(entry.id);
      if (outcome === 'ready') {
        startBrowserDownload(downloadUrl(entry.id));
        notifier().success({ key: `${toastKey(entry.id)}-done`, title: t('zip.ready'), duration: SUCCESS_TOAST_S });
      } else {
        notifier().error({
          key: `${toastKey(entry.id)}-failed`,
          title: t('zip.failed.title'),
          description: t('zip.failed.description'),
          duration: ERROR_TOAST_DURATION_S,
        });
      }
    }
  }, [client, finish, t]);

  // A slow answer must not overlap the next tick's poll of the same zip.
  const polling = useRef(false);
  const pollOnce = useCallback(async () => {
    if (polling.current) return;
    polling.current = true;
    try {
      await pollEach();
    } finally {
      polling.current = false;
    }
  }, [pollEach]);

  const hasPending = pending.length > 0;
  useEffect(() => {
    if (!hasPending) return;
    const timer = window.setInterval(() => void pollOnce(), pollIntervalMs);
    return () => window.clearInterval(timer);
  }, [hasPending, pollOnce, pollIntervalMs]);

  const requestZip = useCallback(
    async ({ companyId, folderId, fileIds }: ZipRequest) => {
      try {
        const { data } = await mutate({
          variables: { companyId, folderId: folderId ?? null, fileIds: fileIds?.length ? [...fileIds] : null },
        });
        const answer = data?.downloadContentZipFile;
        if (answer?.errors.length) {
          reportServerErrors(answer.errors);
          return false;
        }
        const zip = answer?.contentZipFile;
        if (!zip) {
          reportUnexpectedError();
          return false;
        }
        setPending((list) => withZipDownload(list, { id: zip.uuid, companyId }));
        return true;
      } catch {
        return false; // shown by the error link
      }
    },
    [mutate],
  );

  return { requestZip, requesting, pending };
}
