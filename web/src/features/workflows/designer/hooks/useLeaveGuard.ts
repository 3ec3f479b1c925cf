import { App } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving the editor (a link, back, closing the tab) with unsaved changes.
 * Returns a function that lets the next navigation through (after a save).
 */
export function useLeaveGuard(dirty: boolean): () => void {
  const allowed = useRef(false);
  const { t } = useTranslation('workflowDesigner');
  const { modal } = App.useApp();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('editor.leave_title'),
      content: t('editor.leave_text'),
      okText: t('editor.leave_ok'),
      cancelText: t('editor.leave_stay'),
      okButtonProps: { danger: true },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);

  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return useCallback(() => {
    allowed.current = true;
  }, []);
}
