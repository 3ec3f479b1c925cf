import { ConfigProvider } from 'antd';
import AppContext from 'antd/es/app/context';
import useAppStyle from 'antd/es/app/style';
import { useContext, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { setNotifier } from '../errors/notifier';
import { createDeferredFeedback } from './deferredFeedback';
import type { FeedbackHoldersProps } from './FeedbackHolders';

export interface AppFeedbackProps {
  readonly children: ReactNode;
}

/** Runs once the browser is idle after the first paint (or soon, without requestIdleCallback). */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 1000);
  return () => window.clearTimeout(id);
}

/**
 * antd's App for the shell: the same `.ant-app` root and the same context, so
 * `App.useApp()` gives notification, modal and message as before. antd's App renders their
 * holders from the start, which put Modal (with the dialog, skeleton and grid styles it
 * imports), message and notification into the first load; here they are a chunk that the
 * first call loads (createDeferredFeedback), and that is fetched anyway once the page is
 * idle: an error toast should not depend on the network that may just have failed.
 */
export function AppFeedback({ children }: AppFeedbackProps) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const [Holders, setHolders] = useState<ComponentType<FeedbackHoldersProps> | null>(null);
  const loading = useRef(false);
  const [deferred] = useState(() =>
    createDeferredFeedback(() => {
      if (loading.current) return;
      loading.current = true;
      import('./FeedbackHolders').then(
        (chunk) => setHolders(() => chunk.FeedbackHolders),
        // The next call tries again; what was asked meanwhile stays queued.
        () => {
          loading.current = false;
        },
      );
    }),
  );
  // Toasts from outside React (the error handler, the guards) use this themed instance.
  useEffect(() => {
    setNotifier(deferred.notification);
    return () => setNotifier(null);
  }, [deferred]);
  useEffect(() => whenIdle(deferred.load), [deferred]);
  const value = useMemo(
    () => ({ notification: deferred.notification, modal: deferred.modal, message: deferred.message }),
    [deferred],
  );
  return (
    <AppContext.Provider value={value}>
      <div className={[hashId, prefixCls, cssVarCls].filter(Boolean).join(' ')}>
        {Holders ? <Holders onReady={deferred.ready} /> : null}
        {children}
      </div>
    </AppContext.Provider>
  );
}
