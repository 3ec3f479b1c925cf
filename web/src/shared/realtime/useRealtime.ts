// The hooks screens listen with; they live beside the provider (one context).
export { useRealtime, useRealtimeStatus, type RealtimeHandler } from './RealtimeProvider';
