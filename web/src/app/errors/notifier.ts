// Toasts shown from outside React (the Apollo error link, guards) go through the antd
// App instance the shell registers, so that they follow the theme and locale.

import { notification as staticNotification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';

let current: NotificationInstance | null = null;

export function setNotifier(instance: NotificationInstance | null): void {
  current = instance;
}

export function notifier(): NotificationInstance {
  return current ?? staticNotification;
}
