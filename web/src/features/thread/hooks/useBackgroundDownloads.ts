import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { App } from 'antd';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { PorticoOperationContext } from '../../../app/apollo/client';
import { THREAD_PDF_FILE } from '../graphql/inboxPdfFile';
import { THREAD_ZIP_FILE } from '../graphql/inboxZipFile';
import { DownloadPoller, downloadUrl, type DownloadCheck, type PendingDownload } from '../utils/downloads';

const context: PorticoOperationContext = { silentErrors: true };

/** Asks the server whether an export is ready: PDF by generatedAt, zip by archivedAt. */
export async function checkExport(client: ApolloClient, download: PendingDownload): Promise<DownloadCheck> {
  const variables = { id: download.uuid, companyId: download.companyId };
  if (download.kind === 'thread') {
    const { data } = await client.query({ query: THREAD_PDF_FILE, variables, fetchPolicy: 'no-cache', context });
    const file = data?.inboxPdfFile;
    if (!file) return { state: 'failed' };
    if (file.error) return { state: 'failed', error: file.error };
    return file.generatedAt ? { state: 'ready' } : { state: 'pending' };
  }
  const { data } = await client.query({ query: THREAD_ZIP_FILE, variables, fetchPolicy: 'no-cache', context });
  const file = data?.inboxZipFile;
  if (!file) return { state: 'failed' };
  if (file.error) return { state: 'failed', error: file.error };
  return file.archivedAt ? { state: 'ready' } : { state: 'pending' };
}

/** Starts the browser's download of a ready file (GET /api/download/{uuid}). */
export function startBrowserDownload(uuid: string): void {
  const link = document.createElement('a');
  link.href = downloadUrl(uuid);
  link.rel = 'noopener';
  link.download = '';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

export interface DownloadNotices {
  pending(download: PendingDownload): void;
  ready(download: PendingDownload): void;
  failed(download: PendingDownload): void;
}

/** Who shows the toasts: the latest of the mounted users of the hook (the shell's, a thread's). */
class NoticeStack {
  private readonly list: DownloadNotices[] = [];
  get current(): DownloadNotices | null {
    return this.list[this.list.length - 1] ?? null;
  }
  push(notices: DownloadNotices): () => void {
    this.list.push(notices);
    return () => {
      const at = this.list.indexOf(notices);
      if (at >= 0) this.list.splice(at, 1);
    };
  }
}

// One poller per page, whichever thread is open: exports keep going while the user moves on.
let shared: { poller: DownloadPoller; notices: NoticeStack } | null = null;

function sharedPoller(client: ApolloClient) {
  if (!shared) {
    const notices = new NoticeStack();
    const poller = new DownloadPoller({
      storage: window.localStorage,
      check: (download) => checkExport(client, download),
      onAdded: (download) => notices.current?.pending(download),
      onReady: (download) => {
        startBrowserDownload(download.uuid);
        notices.current?.ready(download);
      },
      onFailed: (download) => notices.current?.failed(download),
    });
    shared = { poller, notices };
    poller.resume();
  }
  return shared;
}

/** For tests: forgets the page's poller. */
export function resetBackgroundDownloads(): void {
  shared?.poller.stop();
  shared = null;
}

/**
 * The page's background downloads (thread PDFs, attachment zips): resumes what a reload
 * left pending, shows a loading toast per pending entry and a success or error toast at
 * the end, and returns add(download) to start polling a new export.
 */
export function useBackgroundDownloads() {
  const client = useApolloClient();
  const { notification } = App.useApp();
  const { t } = useTranslation('thread');
  const { poller, notices } = sharedPoller(client);

  useEffect(() => {
    const key = (d: PendingDownload) => `download:${d.uuid}`;
    const current: DownloadNotices = {
      pending: (d) =>
        notification.info({
          key: key(d),
          title: t(d.kind === 'thread' ? 'download.pdf_pending' : 'download.zip_pending'),
          description: d.label,
          duration: 0,
        }),
      ready: (d) =>
        notification.success({
          key: key(d),
          title: t(d.kind === 'thread' ? 'download.pdf_ready' : 'download.zip_ready'),
          description: d.label,
        }),
      failed: (d) =>
        notification.error({
          key: key(d),
          title: t(d.kind === 'thread' ? 'download.pdf_failed' : 'download.zip_failed'),
          description: d.label,
          duration: 15,
        }),
    };
    const remove = notices.push(current);
    // Toasts for what was pending before this page (or this pane) came.
    for (const d of poller.pending()) current.pending(d);
    return remove;
  }, [notification, notices, poller, t]);

  const pending = useSyncExternalStore(
    (notify) => poller.subscribe(notify),
    () => JSON.stringify(poller.pending()),
  );
  return { add: (download: PendingDownload) => poller.add(download), pending: JSON.parse(pending) as PendingDownload[] };
}
