import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { changeLanguage, currentLanguage } from '../i18n/i18n';
import { isLanguage } from '../i18n/languages';
import { VERSION_CHECK_INTERVAL_MS } from '../version';
import { fetchInit, takePrefetchedInit, takeSettledInit, type InitResult } from './initApi';
import { browser, leaveForLogin } from './leave';
import type { InitData } from './types';

export type SessionStatus = 'loading' | 'guest' | 'ready' | 'failed';

export interface SessionValue {
  readonly status: SessionStatus;
  /** Present when status is ready. */
  readonly init: InitData | null;
  /** The server's UI version (x-ui-version), null when it did not say. */
  readonly serverVersion: string | null;
  /** Loads init.json again (after a failure, or after something the user changed). */
  readonly reload: () => void;
}

const SessionContext = createContext<SessionValue | null>(null);

const LOADING: State = { status: 'loading', init: null, serverVersion: null };

/** The state a first load's result leads to (a redirect keeps loading while the browser leaves). */
function stateOf(result: InitResult, previous: State): State {
  switch (result.kind) {
    case 'ok':
      return { status: 'ready', init: result.data, serverVersion: result.uiVersion };
    case 'unauthorized':
      return { status: 'guest', init: null, serverVersion: result.uiVersion };
    case 'redirect':
      return previous;
    case 'failed':
      return { ...previous, status: 'failed', serverVersion: result.uiVersion ?? previous.serverVersion };
  }
}

interface State {
  readonly status: SessionStatus;
  readonly init: InitData | null;
  readonly serverVersion: string | null;
}

export interface SessionProviderProps {
  readonly children: ReactNode;
  /** How often the UI version is checked again (ms). */
  readonly checkIntervalMs?: number;
}

/**
 * Loads the session's starting data (GET /api/init.json) once, then checks the server's UI
 * version every 30 seconds. A 401 on start makes the visitor a guest; a 401 later means
 * the session ended, and the user goes to /login?error=no_access.
 */
export function SessionProvider({ children, checkIntervalMs = VERSION_CHECK_INTERVAL_MS }: SessionProviderProps) {
  // init.json fetched at boot (main.tsx) is usually here before the first render: the app
  // then starts in its real state, without a loading render and commit first.
  const [first] = useState(takeSettledInit);
  const [state, setState] = useState<State>(() => (first ? stateOf(first, LOADING) : LOADING));
  const [attempt, setAttempt] = useState(0);
  const statusRef = useRef<SessionStatus>('loading');
  useEffect(() => {
    statusRef.current = state.status;
  }, [state.status]);
  const snapshot = useRef<string>(first?.kind === 'ok' ? JSON.stringify(first.data) : '');

  useEffect(() => {
    const controller = new AbortController();
    const settle = (result: InitResult) => {
      if (result.kind === 'ok') snapshot.current = JSON.stringify(result.data);
      if (result.kind === 'redirect') browser.assign(result.uri);
      else setState((s) => stateOf(result, s));
    };
    if (attempt === 0 && first) {
      if (first.kind === 'redirect') settle(first);
      return;
    }
    void (takePrefetchedInit() ?? fetchInit(controller.signal)).then((result) => {
      if (!controller.signal.aborted) settle(result);
    });
    return () => controller.abort();
  }, [attempt, first]);

  useEffect(() => {
    const timer = window.setInterval(() => {
      void fetchInit().then((result) => {
        if (result.kind === 'unauthorized' && statusRef.current === 'ready') {
          leaveForLogin('no_access');
          return;
        }
        if (result.kind === 'redirect') {
          browser.assign(result.uri);
          return;
        }
        setState((s) => {
          let next = s;
          if (result.uiVersion !== null && result.uiVersion !== s.serverVersion) {
            next = { ...next, serverVersion: result.uiVersion };
          }
          if (result.kind === 'ok' && s.status === 'ready') {
            const json = JSON.stringify(result.data);
            if (json !== snapshot.current) {
              snapshot.current = json;
              next = { ...next, init: result.data };
            }
          }
          return next;
        });
      });
    }, checkIntervalMs);
    return () => window.clearInterval(timer);
  }, [checkIntervalMs]);

  // The user's language is kept on the server: init.json's choice wins over this browser's.
  const serverLanguage = state.init?.user.language;
  useEffect(() => {
    if (isLanguage(serverLanguage) && serverLanguage !== currentLanguage()) void changeLanguage(serverLanguage);
  }, [serverLanguage]);

  const reload = useCallback(() => {
    setState((s) => ({ ...s, status: s.status === 'ready' ? 'ready' : 'loading' }));
    setAttempt((n) => n + 1);
  }, []);

  const value = useMemo<SessionValue>(() => ({ ...state, reload }), [state, reload]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}

/** The signed-in session's data; only for pages behind the authentication guard. */
export function useInit(): InitData {
  const { init } = useSession();
  if (!init) throw new Error('useInit needs a signed-in session');
  return init;
}
