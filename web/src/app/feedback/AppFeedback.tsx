import { ConfigProvider, notification } from 'antd';
import AppContext from 'antd/es/app/context';
import useAppStyle from 'antd/es/app/style';
import { useContext, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { setNotifier } from '../errors/notifier';
import { createDeferredFeedback } from './deferredFeedback';
import type { FeedbackHoldersProps } from './FeedbackHolders';

export interface AppFeedbackProps {
  readonly children: ReactNode;
}

/**
 * antd's App for the shell: the same `.ant-app` root and the same context, so
 * `App.useApp()` gives notification, modal and message as before. antd's App renders the
 * modal and message holders from the start, which put Modal (with the dialog, skeleton and
 * grid styles it imports) and message into the first load; here they are a chunk that
 * the first modal or message call loads (createDeferredFeedback). Notifications stay
 * eager: an error toast must not wait for a chunk.
 */
export function AppFeedback({ children }: AppFeedbackProps) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const [notificationApi, notificationHolder] = notification.useNotification();
  // Toasts from outside React (the error handler) use this themed instance.
  useEffect(() => {
    setNotifier(notificationApi);
    return () => setNotifier(null);
  }, [notificationApi]);
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
  const value = useMemo(
    () => ({ notification: notificationApi, modal: deferred.modal, message: deferred.message }),
    [notificationApi, deferred],
  );
  return (
    <AppContext.Provider value={value}>
      <div className={[hashId, prefixCls, cssVarCls].filter(Boolean).join(' ')}>
        {Holders ? <Holders onReady={deferred.ready} /> : null}
        {notificationHolder}
        {children}
      </div>
    </AppContext.Provider>
  );
}
