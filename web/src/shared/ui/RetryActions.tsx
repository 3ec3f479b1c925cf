import { App, Button, Flex } from 'antd';

export interface RetryActionsProps {
  readonly retryText: string;
  readonly okText: string;
  /** Closes the toast. */
  readonly onClose: () => void;
  readonly onRetry: () => void;
}

/** A failure toast's buttons: Retry closes it and tries again, OK closes it. */
export function RetryActions({ retryText, okText, onClose, onRetry }: RetryActionsProps) {
  return (
    <Flex gap={8}>
      <Button
        size="small"
        onClick={() => {
          onClose();
          onRetry();
        }}
      >
        {retryText}
      </Button>
      <Button size="small" type="primary" onClick={onClose}>
        {okText}
      </Button>
    </Flex>
  );
}

type Notifications = ReturnType<typeof App.useApp>['notification'];

export interface RetryToast {
  readonly key: string;
  readonly title: string;
  readonly description?: string;
  readonly retryText: string;
  readonly okText: string;
  readonly onRetry: () => void;
}

/** A failure toast that stays until closed and offers to try again (a failed upload). */
export function showRetryToast(notification: Notifications, { key, title, description, retryText, okText, onRetry }: RetryToast) {
  notification.error({
    key,
    title,
    description,
    duration: 0,
    actions: <RetryActions retryText={retryText} okText={okText} onClose={() => notification.destroy(key)} onRetry={onRetry} />,
  });
}

export interface DoneToast {
  readonly key: string;
  readonly title: string;
  readonly okText: string;
  /** Seconds it stays. */
  readonly duration: number;
}

/** A success toast with an OK button that closes it (a finished upload, spec 001 §8). */
export function showDoneToast(notification: Notifications, { key, title, okText, duration }: DoneToast) {
  notification.success({
    key,
    title,
    duration,
    actions: (
      <Button size="small" type="primary" onClick={() => notification.destroy(key)}>
        {okText}
      </Button>
    ),
  });
}
