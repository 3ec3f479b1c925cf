import { useRealtime } from '../../shared/realtime/RealtimeProvider';
import { useSession } from './SessionProvider';

/** The realtime key a provider user hears when made responsible for a company, or no longer (spec 000 §7). */
export const RESPONSIBLE_EVENT_KEY = 'portico.responsible';
const KEYS = [RESPONSIBLE_EVENT_KEY] as const;

/**
 * Loads init.json again when the signed-in user's responsibility for a company changes,
 * so that user.responsible (the my_customers tab, the responsible filters) follows at once.
 */
export function useResponsibleReload(): void {
  const { reload } = useSession();
  useRealtime((event) => {
    // a reconnect is passed to every listener; it is no change of responsibility
    if (event.key === RESPONSIBLE_EVENT_KEY) reload();
  }, KEYS);
}
