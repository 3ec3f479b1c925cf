// The thread pane of the inbox and the tasks table (the new-thread modal is new-thread/). The pages render
//   <ThreadPane companyId={selectedCompanyIdOrNull} taskId={inboxTaskId} onClose={close}
//               activityId={activityIdQuery} onActivityConsumed={clearActivityIdQuery} />
// and <ThreadEmptyState bin={folder === 'bin'} /> when no thread is selected.
// These props are kept stable; lazy-load the module with import('.../features/thread').
// The empty state is small: a page may import it from components/ThreadEmptyState directly,
// so an inbox with no thread open does not fetch the pane.
export { ThreadPane, type ThreadPaneProps } from './components/ThreadPane';
export { ThreadEmptyState, type ThreadEmptyStateProps } from './components/ThreadEmptyState';
