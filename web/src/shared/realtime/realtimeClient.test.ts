import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSockets } from './fakeSocket';
import {
  RealtimeClient,
  isRefusal,
  parseRealtimeMessage,
  realtimeUrl,
  retryDelay,
  type RealtimeEvent,
  type RealtimeStatus,
} from './realtimeClient';

const EVENT = {
  channel: 'users:activities#u1',
  key: 'inbox_message.create',
  data: { uuid: 'm1', inboxTaskId: 't1' },
};
const RECONNECTED = { key: 'reconnected', data: {}, channel: '' };

function setup() {
  const sockets = fakeSockets();
  const events: RealtimeEvent[] = [];
  const statuses: RealtimeStatus[] = [];
  const client = new RealtimeClient({
    token: 'secret-token',
    url: 'ws://portal.test/api/realtime',
    createSocket: sockets.factory,
    baseDelayMs: 1000,
    maxDelayMs: 8000,
    jitter: 0,
    onStatus: (status) => statuses.push(status),
  });
  client.subscribe((event) => events.push(event));
  return { client, sockets, events, statuses };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('RealtimeClient', () => {
  it('sends the token first and delivers events once the subscription is confirmed', () => {
    const { client, sockets, events } = setup();
    client.start();
    const socket = sockets.last();
    expect(socket.url).toBe('ws://portal.test/api/realtime');
    socket.open();
    expect(socket.sent).toEqual([JSON.stringify({ token: 'secret-token' })]);
    expect(client.status).toBe('connecting');

    socket.confirm();
    expect(client.status).toBe('open');
    socket.receive(EVENT);
    expect(events).toEqual([EVENT]);
  });

  it('does not pass the confirmation or malformed messages to listeners', () => {
    const { client, sockets, events } = setup();
    client.start();
    const socket = sockets.last();
    socket.open();
    socket.confirm();
    socket.receive('not json');
    socket.receive({ data: { uuid: 'x' } });
    socket.receive(42);
    expect(events).toEqual([]);
  });

  it('reconnects after a lost connection and tells listeners it is back', () => {
    const { client, sockets, events, statuses } = setup();
    client.start();
    sockets.last().open();
    sockets.last().confirm();

    sockets.last().serverClose(1006);
    expect(client.status).toBe('waiting');
    expect(sockets.sockets).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(sockets.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets.sockets).toHaveLength(2);

    const second = sockets.last();
    second.open();
    expect(second.sent).toEqual([JSON.stringify({ token: 'secret-token' })]);
    expect(events).toEqual([]);
    second.confirm();
    expect(events).toEqual([RECONNECTED]);
    expect(statuses).toEqual(['connecting', 'open', 'waiting', 'connecting', 'open']);
  });

  it('waits longer after each failed attempt, up to the maximum, and starts over once connected', () => {
    const { client, sockets } = setup();
    client.start();
    const delays: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      sockets.last().serverClose(1006);
      const before = sockets.sockets.length;
      let waited = 0;
      while (sockets.sockets.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 8000]);

    sockets.last().open();
    sockets.last().confirm();
    sockets.last().serverClose(1001, 'server_shutdown');
    vi.advanceTimersByTime(1000);
    expect(sockets.sockets).toHaveLength(7);
  });

  it('does not retry when the server refuses the token (1008 with a reason)', () => {
    const { client, sockets, statuses } = setup();
    client.start();
    sockets.last().open();
    sockets.last().serverClose(1008, 'invalid_token');
    expect(client.status).toBe('refused');
    vi.advanceTimersByTime(60_000);
    expect(sockets.sockets).toHaveLength(1);
    expect(statuses.at(-1)).toBe('refused');
  });

  it('retries a client the server dropped for falling behind', () => {
    const { client, sockets, events } = setup();
    client.start();
    sockets.last().open();
    sockets.last().confirm();
    sockets.last().serverClose(1008, 'slow_client');
    expect(client.status).toBe('waiting');
    vi.advanceTimersByTime(1000);
    sockets.last().open();
    sockets.last().confirm();
    expect(events).toEqual([RECONNECTED]);
  });

  it('does not announce a reconnect when the first connection only succeeds on a retry', () => {
    const { client, sockets, events } = setup();
    client.start();
    sockets.last().serverClose(1006);
    vi.advanceTimersByTime(1000);
    sockets.last().open();
    sockets.last().confirm();
    expect(client.status).toBe('open');
    expect(events).toEqual([]);
  });

  it('stops for good: closes the socket, cancels a pending retry and ignores late events', () => {
    const { client, sockets, events } = setup();
    client.start();
    const socket = sockets.last();
    socket.open();
    socket.confirm();
    client.stop();
    expect(socket.closedByClient).toEqual({ code: 1000, reason: 'client_stopped' });
    socket.receive(EVENT);
    expect(events).toEqual([]);
    expect(client.status).toBe('stopped');

    const other = setup();
    other.client.start();
    other.sockets.last().serverClose(1006);
    other.client.stop();
    vi.advanceTimersByTime(60_000);
    expect(other.sockets.sockets).toHaveLength(1);
  });

  it('connects at once when asked while waiting for a retry', () => {
    const { client, sockets } = setup();
    client.start();
    client.retryNow();
    expect(sockets.sockets).toHaveLength(1);
    sockets.last().serverClose(1006);
    client.retryNow();
    expect(sockets.sockets).toHaveLength(2);
    vi.advanceTimersByTime(60_000);
    expect(sockets.sockets).toHaveLength(2);
  });

  it('keeps delivering to other listeners when one throws', () => {
    const { client, sockets, events } = setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const unsubscribe = client.subscribe(() => {
      throw new Error('boom');
    });
    client.start();
    sockets.last().open();
    sockets.last().confirm();
    sockets.last().receive(EVENT);
    expect(events).toHaveLength(1);
    expect(error).toHaveBeenCalled();
    unsubscribe();
    sockets.last().receive(EVENT);
    expect(events).toHaveLength(2);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });
});

describe('realtime helpers', () => {
  it('builds the socket address from the page', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'acme.portico.test' })).toBe('wss://acme.portico.test/api/realtime');
    expect(realtimeUrl({ protocol: 'http:', host: '127.0.0.1:18080' })).toBe('ws://127.0.0.1:18080/api/realtime');
  });

  it.each([
    [1008, 'invalid_token', true],
    [1008, 'token_does_not_match_session', true],
    [1008, 'token_message_expected', true],
    [1008, 'slow_client', false],
    [1008, '', false],
    [1006, '', false],
    [1013, 'realtime_unavailable', false],
  ])('treats close %i "%s" as a refusal: %s', (code, reason, refused) => {
    expect(isRefusal(code, reason)).toBe(refused);
  });

  it('spreads retry delays with jitter below the exponential step', () => {
    expect(retryDelay(1, 1000, 30_000, 0.5, () => 0)).toBe(500);
    expect(retryDelay(1, 1000, 30_000, 0.5, () => 1)).toBe(1000);
    expect(retryDelay(10, 1000, 30_000, 0, () => 0.5)).toBe(30_000);
  });

  it('parses events and rejects anything else', () => {
    expect(parseRealtimeMessage(JSON.stringify(EVENT))).toEqual(EVENT);
    expect(parseRealtimeMessage(JSON.stringify({ key: 'system_banner.destroy' }))).toEqual({
      key: 'system_banner.destroy',
      data: {},
      channel: '',
    });
    expect(parseRealtimeMessage('[]')).toBeNull();
    expect(parseRealtimeMessage(JSON.stringify({ key: '' }))).toBeNull();
    expect(parseRealtimeMessage(null)).toBeNull();
  });
});
