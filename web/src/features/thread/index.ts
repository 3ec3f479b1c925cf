// The thread pane of the inbox and the tasks table (the new-thread modal is new-thread/). The pages render
//   <ThreadPane companyId={selectedCompanyIdOrNull} taskId={inboxTaskId} onClose={close}
//               activityId={activityIdQuery} onActivityConsumed={clearActivityIdQuery} />
// and <ThreadEmptyState bin={folder === 'bin'} /> when no thread is selected.
// These props are kept stable. The pane and the new-thread modal are loaded on demand
// (loadThreadPane, loadNewThreadModal in lazy.ts); what is here is small and static, so an
// inbox with no thread open does not fetch the pane.
export type { ThreadPaneProps } from './components/ThreadPane';
export { ThreadEmptyState, type ThreadEmptyStateProps } from './components/ThreadEmptyState';
export type { CreatedThread } from './new-thread/hooks/useCreateThread';
export { hasPendingDownloads } from './utils/pendingDownloads';
export { sendMultipart } from './utils/multipartUpload';
// Builders of threads for the other features' unit tests.
export { card } from './utils/testTask';
