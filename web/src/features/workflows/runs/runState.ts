// How the runs tab shows a run's state (spec 002 §4: running with the percentage of completed steps).

export type RunState = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';
export const RUN_STATES: readonly RunState[] = ['pending', 'running', 'completed', 'failed', 'cancelled'];

// Only the failed state is coloured: antd's light tag colours (blue, green, orange) fall short of
// the 4.5:1 text contrast axe asks for; the state's word says the rest.
export const STATE_COLOURS: Readonly<Record<RunState, string>> = {
  pending: 'default',
  running: 'default',
  completed: 'default',
  failed: 'error',
  cancelled: 'default',
};

export const asRunState = (s: string): RunState => (RUN_STATES as readonly string[]).includes(s) ? (s as RunState) : 'pending';

/** Completed steps as a whole percentage of all (0 for a run without steps). */
export function percentDone(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((completed / total) * 100));
}

/** Which row actions a run offers: cancel while it has not ended, retry when it failed. */
export function runActions(state: string): { readonly cancel: boolean; readonly retry: boolean } {
  return { cancel: state === 'running' || state === 'pending' || state === 'failed', retry: state === 'failed' };
}

/** Spec 002 §9: runs show 50 a page; options 50, 100, 150, 200, 250. */
export const RUN_PAGE_SIZES = [50, 100, 150, 200, 250] as const;
