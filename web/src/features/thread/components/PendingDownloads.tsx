import { useBackgroundDownloads } from '../hooks/useBackgroundDownloads';

/**
 * Resumes the thread PDFs and attachment zips that a reload left pending, on any page
 * (spec 000 §4 Background downloads): the shell mounts it at start-up when some are kept,
 * so they download without a thread being opened. Renders nothing; the toasts are the hook's.
 */
export function PendingDownloads() {
  useBackgroundDownloads();
  return null;
}
