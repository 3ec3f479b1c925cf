import { act, cleanup, render, renderHook } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSockets } from './fakeSocket';
import { createRealtimeHub } from './realtimeHub';
import { RealtimeHubProvider, RealtimeProvider } from './RealtimeProvider';
import { useRealtime, useRealtimeStatus, type RealtimeHandler } from './useRealtime';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Listener({ handler, keys }: { handler: RealtimeHandler; keys?: string[] }) {
  useRealtime(handler, keys);
  return null;
}

function Status() {
  return <span data-testid="status">{useRealtimeStatus()}</span>;
}

describe('RealtimeProvider and useRealtime', () => {
  it('opens one connection with the token and passes the events the screen asked for', () => {
    const sockets = fakeSockets();
    const all = vi.fn();
    const messages = vi.fn();
    const view = render(
      <StrictMode>
        <RealtimeProvider token="tok" url="ws://portal.test/api/realtime" createSocket={sockets.factory}>
          <Listener handler={all} />
          <Listener handler={messages} keys={['inbox_message.create', 'inbox_message.destroy']} />
          <Status />
        </RealtimeProvider>
      </StrictMode>,
    );
    // StrictMode mounts effects twice: the first connection is closed again at once.
    const open = sockets.sockets.filter((s) => s.closedByClient === null);
    expect(open).toHaveLength(1);
    const socket = open[0]!;
    act(() => {
      socket.open();
      socket.confirm();
    });
    expect(socket.sent).toEqual(['{"token":"tok"}']);
    expect(view.getByTestId('status').textContent).toBe('open');

    act(() => {
      socket.receive({ channel: 'c', key: 'inbox_message.create', data: { uuid: 'm1' } });
      socket.receive({ channel: 'c', key: 'inbox_thread.update', data: { uuid: 't1' } });
    });
    expect(all.mock.calls.map(([e]) => e)).toEqual([
      { key: 'inbox_message.create', data: { uuid: 'm1' }, channel: 'c' },
      { key: 'inbox_thread.update', data: { uuid: 't1' }, channel: 'c' },
    ]);
    expect(messages.mock.calls.map(([e]) => e)).toEqual([
      { key: 'inbox_message.create', data: { uuid: 'm1' }, channel: 'c' },
    ]);
  });

  it('notifies every screen, whatever keys it filters, when the connection is back', () => {
    const sockets = fakeSockets();
    const messages = vi.fn();
    render(
      <RealtimeProvider token="tok" url="ws://x/api/realtime" createSocket={sockets.factory}>
        <Listener handler={messages} keys={['inbox_message.create']} />
      </RealtimeProvider>,
    );
    act(() => {
      sockets.last().open();
      sockets.last().confirm();
      sockets.last().serverClose(1006);
    });
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    act(() => {
      sockets.last().open();
      sockets.last().confirm();
    });
    expect(messages).toHaveBeenCalledWith({ key: 'reconnected', data: {}, channel: '' });
  });

  it('does not connect without a token and closes the socket when the token goes', () => {
    const sockets = fakeSockets();
    const wrap = (token: string | null) => (
      <RealtimeProvider token={token} url="ws://x/api/realtime" createSocket={sockets.factory}>
        <Status />
      </RealtimeProvider>
    );
    const view = render(wrap(null));
    expect(sockets.sockets).toHaveLength(0);
    expect(view.getByTestId('status').textContent).toBe('idle');
    view.rerender(wrap('tok'));
    expect(sockets.sockets).toHaveLength(1);
    view.rerender(wrap(null));
    expect(sockets.last().closedByClient).not.toBeNull();
    view.unmount();
  });

  it('uses the newest handler without subscribing again', () => {
    const hub = createRealtimeHub();
    const subscribe = vi.spyOn(hub, 'subscribe');
    const first = vi.fn();
    const second = vi.fn();
    const wrapper = ({ children }: { children: ReactNode }) => <RealtimeHubProvider hub={hub}>{children}</RealtimeHubProvider>;
    const { rerender } = renderHook(({ handler }: { handler: RealtimeHandler }) => useRealtime(handler, ['a.b']), {
      wrapper,
      initialProps: { handler: first },
    });
    rerender({ handler: second });
    act(() => hub.emit({ key: 'a.b', data: {}, channel: '' }));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledTimes(1);
  });

  it('does nothing outside a provider', () => {
    const handler = vi.fn();
    const { result } = renderHook(() => {
      useRealtime(handler);
      return useRealtimeStatus();
    });
    expect(result.current).toBe('idle');
  });
});
