import { lazy, Suspense, useEffect } from 'react';
import { useRealtimeStatus } from '../../shared/realtime/RealtimeProvider';

const loadOfflineTag = () => import('./RealtimeOfflineTag');
const RealtimeOfflineTag = lazy(async () => ({ default: (await loadOfflineTag()).RealtimeOfflineTag }));

/** Says so in the header while the realtime connection is lost and being retried. */
export function RealtimeStatusHint() {
  const status = useRealtimeStatus();
  // The tag is not part of the first paint, but a lost connection often means a lost
  // network: fetch its chunk once connected, so that it is at hand when needed.
  useEffect(() => {
    if (status === 'open') void loadOfflineTag().catch(() => {});
  }, [status]);
  return (
    <span role="status" aria-live="polite">
      {status === 'waiting' ? (
        <Suspense fallback={null}>
          <RealtimeOfflineTag />
        </Suspense>
      ) : null}
    </span>
  );
}
