// The realtime connection (spec 000 §7): one RealtimeProvider mounted by the shell,
// useRealtime(handler, keys?) in screens, createRealtimeHub + RealtimeHubProvider in tests.
export {
  REALTIME_RECONNECTED,
  RealtimeClient,
  parseRealtimeMessage,
  type RealtimeEvent,
  type RealtimeListener,
  type RealtimeMessage,
  type RealtimeStatus,
  type SocketFactory,
  type SocketLike,
} from './realtimeClient';
export { createRealtimeHub, type RealtimeHub } from './realtimeHub';
export {
  RealtimeHubProvider,
  RealtimeProvider,
  useRealtime,
  useRealtimeHub,
  useRealtimeStatus,
  type RealtimeHandler,
} from './RealtimeProvider';
export { useCoalescedRefetch } from './useCoalescedRefetch';
