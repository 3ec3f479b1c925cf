import { useEffect, useRef } from 'react';
import { REALTIME_RECONNECTED, useRealtime, type RealtimeEvent } from '../../../shared/realtime';

/** The server's shared-files events (engine/files publishes them to everyone who sees the category). */
export const FILES_EVENT_KEYS = [
  'company_file.create',
  'company_file.update',
  'company_file.rename',
  'company_file.replace',
  'company_file.destroy',
  'folder.create',
  'folder.update',
  'folder.destroy',
] as const;

/** Bursts of events (a move of many files, a folder deleted with its files) become one refresh. */
export const FILES_REALTIME_DEBOUNCE_MS = 400;

export interface FilesRealtimeHandlers {
  /** Files were added, changed, moved or deleted somewhere in the company. */
  readonly onFiles: () => void;
  /** Folders were added, renamed, moved or deleted. */
  readonly onFolders: () => void;
}

/**
 * Refreshes the Files page on other people's changes: the files list on company_file.*,
 * the tree and the selected folder on folder.*, both after the connection comes back.
 */
export function useFilesRealtime(handlers: FilesRealtimeHandlers): void {
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });
  const pending = useRef({ files: false, folders: false });
  const timer = useRef<number | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  useRealtime((event: RealtimeEvent) => {
    const reconnected = event.key === REALTIME_RECONNECTED;
    if (reconnected || event.key.startsWith('company_file.')) pending.current.files = true;
    if (reconnected || event.key.startsWith('folder.')) {
      pending.current.folders = true;
      // A deleted folder takes its files along.
      if (event.key === 'folder.destroy') pending.current.files = true;
    }
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      timer.current = null;
      const { files, folders } = pending.current;
      pending.current = { files: false, folders: false };
      if (folders) handlersRef.current.onFolders();
      if (files) handlersRef.current.onFiles();
    }, FILES_REALTIME_DEBOUNCE_MS);
  }, FILES_EVENT_KEYS);
}
