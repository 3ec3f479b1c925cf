import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { reportUnexpectedError } from '../../../app/errors/reportErrors';
import { DOWNLOAD_INBOX_ZIP_FILE } from '../graphql/downloadInboxZipFile';
import { GENERATE_PDF_FILE } from '../graphql/generatePdfFile';
import { useBackgroundDownloads } from './useBackgroundDownloads';
import { succeeded } from './useTaskMutations';

export interface ExportScope {
  readonly companyId: string;
  readonly taskId: string;
  /** The thread's title, named in the toasts. */
  readonly title: string;
}

/** Thread PDF and attachment zip: start the export, then poll it in the background. */
export function useThreadExports({ companyId, taskId, title }: ExportScope) {
  const downloads = useBackgroundDownloads();
  const [generatePdf, pdf] = useMutation(GENERATE_PDF_FILE);
  const [zip, zipState] = useMutation(DOWNLOAD_INBOX_ZIP_FILE);

  const exportPdf = useCallback(async () => {
    try {
      const payload = (await generatePdf({ variables: { taskId, companyId } })).data?.generatePdfFile;
      if (!succeeded(payload)) return;
      if (!payload?.pdfFile) {
        reportUnexpectedError();
        return;
      }
      downloads.add({ uuid: payload.pdfFile.uuid, kind: 'thread', companyId, taskId, label: title });
    } catch {
      // shown by the error link
    }
  }, [companyId, downloads, generatePdf, taskId, title]);

  const downloadZip = useCallback(
    async (attachmentIds: readonly string[] = []) => {
      try {
        const payload = (
          await zip({ variables: { taskId, companyId, attachmentIds: attachmentIds.length ? [...attachmentIds] : null } })
        ).data?.downloadInboxZipFile;
        if (!succeeded(payload)) return;
        if (!payload?.inboxZipFile) {
          reportUnexpectedError();
          return;
        }
        downloads.add({ uuid: payload.inboxZipFile.uuid, kind: 'attachment', companyId, taskId, label: title });
      } catch {
        // shown by the error link
      }
    },
    [companyId, downloads, taskId, title, zip],
  );

  return { exportPdf, downloadZip, exporting: pdf.loading || zipState.loading, pending: downloads.pending };
}
