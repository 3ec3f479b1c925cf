import type { MessageInstance, MessageType } from 'antd/es/message/interface';
import type { HookAPI } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { describe, expect, it, vi } from 'vitest';
import { createDeferredFeedback, type FeedbackApis } from './deferredFeedback';

function fakeApis() {
  const log: string[] = [];
  const modalHandle = (name: string) => ({
    destroy: () => log.push(`${name}.destroy`),
    update: (u: unknown) => log.push(`${name}.update ${JSON.stringify(u)}`),
    then: <T>(resolve: (confirmed: boolean) => T) => Promise.resolve(resolve(true)),
  });
  const modal = {
    confirm: (c: { title: string }) => (log.push(`confirm ${c.title}`), modalHandle(c.title)),
  } as unknown as HookAPI;
  const messageHandle = (text: string): MessageType =>
    Object.assign(() => void log.push(`close ${text}`), {
      then: <T>(resolve?: ((v: boolean) => T) | null) => Promise.resolve(resolve?.(true)),
    }) as MessageType;
  const message = {
    success: (text: string) => (log.push(`success ${text}`), messageHandle(text)),
    destroy: (key?: string) => log.push(`destroy ${key ?? ''}`),
  } as unknown as MessageInstance;
  const notification = {
    error: (args: { title: string }) => void log.push(`notify ${args.title}`),
    destroy: (key?: string) => void log.push(`notify.destroy ${key ?? ''}`),
  } as unknown as NotificationInstance;
  return { log, apis: { modal, message, notification } satisfies FeedbackApis };
}

describe('createDeferredFeedback', () => {
  it('asks for the holders on a call and runs the waiting calls in order once they are ready', async () => {
    const load = vi.fn();
    const feedback = createDeferredFeedback(load);
    expect(load).not.toHaveBeenCalled();
    const confirmed = feedback.modal.confirm({ title: 'Delete?' });
    void feedback.message.success('Saved');
    expect(load).toHaveBeenCalled();

    const { log, apis } = fakeApis();
    expect(log).toEqual([]);
    feedback.ready(apis);
    expect(log).toEqual(['confirm Delete?', 'success Saved']);
    await expect(confirmed.then((ok) => ok, () => undefined)).resolves.toBe(true);
  });

  it('applies an update or a close asked before the holders were ready', () => {
    const feedback = createDeferredFeedback(() => {});
    const handle = feedback.modal.confirm({ title: 'A' });
    handle.update({ title: 'B' });
    handle.destroy();
    const close = feedback.message.success('Working');
    close();
    feedback.message.destroy('k');
    const { log, apis } = fakeApis();
    feedback.ready(apis);
    expect(log).toEqual(['confirm A', 'A.update {"title":"B"}', 'A.destroy', 'success Working', 'close Working', 'destroy k']);
  });

  it('holds notifications until the holders are ready, then passes them straight on', () => {
    const load = vi.fn();
    const feedback = createDeferredFeedback(load);
    feedback.notification.error({ title: 'Upload failed' });
    feedback.notification.destroy('k');
    expect(load).toHaveBeenCalled();
    const { log, apis } = fakeApis();
    feedback.ready(apis);
    feedback.notification.error({ title: 'Again' });
    expect(log).toEqual(['notify Upload failed', 'notify.destroy k', 'notify Again']);
  });

  it('passes calls straight on once ready, and ignores a destroy with nothing shown', () => {
    const load = vi.fn();
    const feedback = createDeferredFeedback(load);
    feedback.message.destroy();
    expect(load).not.toHaveBeenCalled();
    const { log, apis } = fakeApis();
    feedback.ready(apis);
    feedback.modal.confirm({ title: 'Now' }).destroy();
    expect(log).toEqual(['confirm Now', 'Now.destroy']);
    expect(load).not.toHaveBeenCalled();
  });
});
