// The feature's public face: what other features and app/ use (docs/decisions/0126-feature-boundaries.md).
export { useInboxUnreadCount } from './hooks/useInboxUnreadCount';
export { INBOX_THREAD } from './list/graphql/inboxThread';
export { INBOX_THREADS } from './list/graphql/inboxThreads';
export { useInboxThreads } from './list/hooks/useInboxThreads';
