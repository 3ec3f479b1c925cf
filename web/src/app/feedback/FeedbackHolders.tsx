import { message, Modal, notification } from 'antd';
import { useEffect } from 'react';
import type { FeedbackApis } from './deferredFeedback';

export interface FeedbackHoldersProps {
  readonly onReady: (apis: FeedbackApis) => void;
}

/** The antd App's modal, message and notification holders, in their own chunk (AppFeedback loads it on first use). */
export function FeedbackHolders({ onReady }: FeedbackHoldersProps) {
  const [modal, modalHolder] = Modal.useModal();
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  // The APIs queue what they are asked before their holders mount.
  useEffect(
    () => onReady({ modal, message: messageApi, notification: notificationApi }),
    [modal, messageApi, notificationApi, onReady],
  );
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
