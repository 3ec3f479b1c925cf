import type { MessageInstance, MessageType } from 'antd/es/message/interface';
import type { HookAPI } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';

/** The antd App's modal, message and notification APIs, once their holders are mounted. */
export interface FeedbackApis {
  readonly modal: HookAPI;
  readonly message: MessageInstance;
  readonly notification: NotificationInstance;
}

type ModalMethod = keyof HookAPI;
type ModalHandle = ReturnType<HookAPI[ModalMethod]>;
type ModalConfig = Parameters<HookAPI[ModalMethod]>[0];
type ModalUpdate = Parameters<ModalHandle['update']>[0];
type MessageMethod = Exclude<keyof MessageInstance, 'destroy'>;

const MODAL_METHODS: readonly ModalMethod[] = ['info', 'success', 'error', 'warning', 'confirm'];
const MESSAGE_METHODS: readonly MessageMethod[] = ['info', 'success', 'error', 'warning', 'loading', 'open'];
const NOTIFICATION_METHODS = ['success', 'error', 'info', 'warning', 'open', 'destroy'] as const;

/**
 * A notification API whose calls wait for the real one: `later` runs each call once it is
 * there (in order). Notifications return nothing, so nothing else is needed.
 */
export function deferredNotification(later: (run: (api: NotificationInstance) => void) => void): NotificationInstance {
  return Object.fromEntries(
    NOTIFICATION_METHODS.map((method) => [
      method,
      (...args: unknown[]) => later((api) => (api[method] as (...a: unknown[]) => void)(...args)),
    ]),
  ) as unknown as NotificationInstance;
}

/**
 * Stands in for the antd App's `modal`, `message` and `notification` until their holders
 * exist: the shell's first paint shows none of them, and antd's Modal (with the dialog,
 * skeleton and grid it brings), message and notification are their own chunk, loaded by the
 * first call (AppFeedback also loads it once the page is idle). A call made before then runs
 * when the chunk is in, in order; its handle (destroy/update, the promise of a confirm, a
 * message's close function) acts on the real one once it exists. `load` is called on every
 * waiting call, so it must be idempotent (and may retry a load that failed).
 */
export function createDeferredFeedback(load: () => void) {
  let apis: FeedbackApis | null = null;
  const queue: Array<(ready: FeedbackApis) => void> = [];

  const later = (run: (ready: FeedbackApis) => void): void => {
    queue.push(run);
    load();
  };

  const modalMethod =
    (method: ModalMethod) =>
    (config: ModalConfig): ModalHandle => {
      if (apis) return apis.modal[method](config);
      let real: ModalHandle | null = null;
      let destroyed = false;
      const updates: ModalUpdate[] = [];
      // Wrapped: a promise resolved with the handle (a thenable) would take its outcome.
      const opened = new Promise<{ handle: ModalHandle }>((resolve) => {
        later((ready) => {
          real = ready.modal[method](config);
          updates.forEach((update) => real?.update(update));
          if (destroyed) real.destroy();
          resolve({ handle: real });
        });
      });
      return {
        destroy: () => {
          if (real) real.destroy();
          else destroyed = true;
        },
        update: (update: ModalUpdate) => {
          if (real) real.update(update);
          else updates.push(update);
        },
        then: (resolve, reject) => opened.then(({ handle }) => handle.then(resolve, reject)),
      };
    };

  const messageMethod = (method: MessageMethod) =>
    ((...args: Parameters<MessageInstance[MessageMethod]>): MessageType => {
      if (apis) return (apis.message[method] as (...a: typeof args) => MessageType)(...args);
      let real: MessageType | null = null;
      let closed = false;
      const shown = new Promise<{ handle: MessageType }>((resolve) => {
        later((ready) => {
          real = (ready.message[method] as (...a: typeof args) => MessageType)(...args);
          if (closed) real();
          resolve({ handle: real });
        });
      });
      const close = () => {
        if (real) real();
        else closed = true;
      };
      return Object.assign(close, {
        then: <T, E = never>(resolve?: ((value: boolean) => T | PromiseLike<T>) | null, reject?: ((reason: unknown) => E | PromiseLike<E>) | null) =>
          shown.then(({ handle }) => handle.then(resolve, reject)),
      });
    }) as MessageInstance[MessageMethod];

  const modal = Object.fromEntries(MODAL_METHODS.map((m) => [m, modalMethod(m)])) as unknown as HookAPI;
  const message = {
    ...Object.fromEntries(MESSAGE_METHODS.map((m) => [m, messageMethod(m)])),
    destroy: (key?: React.Key) => {
      if (apis) apis.message.destroy(key);
      else if (queue.length > 0) later((ready) => ready.message.destroy(key));
    },
  } as MessageInstance;

  const notification = deferredNotification((run) => {
    if (apis) run(apis.notification);
    else later((ready) => run(ready.notification));
  });

  return {
    modal,
    message,
    notification,
    /** Fetches the holders before any call asks for them. */
    load,
    /** The holders are mounted: run what waited, and pass later calls straight on. */
    ready(real: FeedbackApis): void {
      apis = real;
      queue.splice(0).forEach((run) => run(real));
    },
  };
}
