import { useEffect, useState } from 'react';
import { authUrls } from '../../../app/router/paths';

/**
 * Whether the server offers dev login (GET /auth/dev answers only when it is switched
 * on), so that the login page shows its link only then.
 */
export function useDevLoginAvailable(): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetch(authUrls.dev, { credentials: 'same-origin', signal: controller.signal, headers: { Accept: 'text/html' } })
      .then((response) => {
        setAvailable(response.ok);
        return response.body?.cancel();
      })
      .catch(() => setAvailable(false));
    return () => controller.abort();
  }, []);
  return available;
}
