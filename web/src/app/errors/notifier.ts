// Toasts shown from outside React (the Apollo error link, guards) go through the antd
// App instance the shell registers, so that they follow the theme and locale.

import type { NotificationInstance } from 'antd/es/notification/interface';
import { deferredNotification } from '../feedback/deferredFeedback';

let current: NotificationInstance | null = null;

// Without the shell (or before it registers): antd's static notification, fetched when
// first used rather than carried by the first load.
let staticApi: Promise<NotificationInstance> | null = null;
const fallback = deferredNotification((run) => {
  staticApi ??= import('antd/es/notification').then((module) => module.default);
  void staticApi.then(run);
});

export function setNotifier(instance: NotificationInstance | null): void {
  current = instance;
}

export function notifier(): NotificationInstance {
  return current ?? fallback;
}
