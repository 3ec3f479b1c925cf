import { message, Modal } from 'antd';
import { useEffect } from 'react';
import type { FeedbackApis } from './deferredFeedback';

export interface FeedbackHoldersProps {
  readonly onReady: (apis: FeedbackApis) => void;
}

/** The antd App's modal and message holders, in their own chunk (AppFeedback loads it on first use). */
export function FeedbackHolders({ onReady }: FeedbackHoldersProps) {
  const [modal, modalHolder] = Modal.useModal();
  const [messageApi, messageHolder] = message.useMessage();
  // Both APIs queue what they are asked before their holders mount.
  useEffect(() => onReady({ modal, message: messageApi }), [modal, messageApi, onReady]);
  return (
    <>
      {modalHolder}
      {messageHolder}
    </>
  );
}
