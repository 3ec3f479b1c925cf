// A reconnecting client for the realtime WebSocket (/api/realtime, spec 000 §7).
// Owned by the app shell: change it together with its tests in this folder.
//
// Protocol: the client sends {"token": "<realtimeToken>"} first; the server answers
// {"key": "subscription.confirmed"} and then pushes
// {"channel": "users:activities#<uuid>", "key": "<entity>.<action>", "data": {...}}.
// A close with code 1008 and a reason is a refused token: retrying cannot help, so the
// client stops. Every other close (network, server restart, a dropped slow client) is
// retried with a growing, jittered delay. Once a later connection is confirmed, the
// listeners get the `reconnected` pseudo-event, so screens refetch what they missed.

export const REALTIME_PATH = '/api/realtime';

/** The server's first message on an accepted socket. */
export const SUBSCRIPTION_CONFIRMED = 'subscription.confirmed';

/** Delivered to every listener after a lost connection is back: refetch. */
export const REALTIME_RECONNECTED = 'reconnected';

/** Close code of a refused token (policy violation). */
export const CLOSE_POLICY_VIOLATION = 1008;

/** The one 1008 reason that is not a refusal: the server dropped a client that fell behind. */
export const CLOSE_REASON_SLOW_CLIENT = 'slow_client';

export interface RealtimeEvent {
  /** `<entity>.<action>` such as `inbox_message.create`, or `reconnected`. */
  readonly key: string;
  readonly data: Readonly<Record<string, unknown>>;
  /** The server's channel, `users:activities#<user uuid>` ('' on `reconnected`). */
  readonly channel: string;
}

/** Another name for RealtimeEvent. */
export type RealtimeMessage = RealtimeEvent;

export type RealtimeListener = (event: RealtimeEvent) => void;

/**
 * idle: no token; connecting: opening or waiting for the confirmation; open: confirmed;
 * waiting: lost, a retry is scheduled; refused: the token was refused (no retry); stopped.
 */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'waiting' | 'refused' | 'stopped';

/** The part of the browser's WebSocket the client uses (a fake one in tests). */
export interface SocketLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string) => SocketLike;

export interface RealtimeClientOptions {
  readonly token: string;
  /** ws(s):// address; defaults to /api/realtime on the page's host. */
  readonly url?: string;
  readonly createSocket?: SocketFactory;
  /** First retry delay (ms); doubles per failed attempt up to maxDelayMs. */
  readonly baseDelayMs?: number;
  readonly maxDelayMs?: number;
  /** 0..1: the share of each delay that is random, so that clients do not retry in step. */
  readonly jitter?: number;
  readonly random?: () => number;
  readonly onStatus?: (status: RealtimeStatus, detail?: CloseDetail) => void;
}

export interface CloseDetail {
  readonly code?: number;
  readonly reason?: string;
}

/** The WebSocket address of the realtime endpoint on the page's own host. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${REALTIME_PATH}`;
}

/** True when a close means the token was refused, so reconnecting would be refused again. */
export function isRefusal(code: number, reason: string): boolean {
  return code === CLOSE_POLICY_VIOLATION && reason !== '' && reason !== CLOSE_REASON_SLOW_CLIENT;
}

/** The delay before retry number `attempt` (1-based): exponential, capped, with jitter. */
export function retryDelay(attempt: number, base: number, max: number, jitter: number, random: () => number): number {
  const exp = Math.min(max, base * 2 ** Math.max(0, attempt - 1));
  const spread = exp * Math.min(Math.max(jitter, 0), 1);
  return Math.round(exp - spread + random() * spread);
}

/** Parses one server message; null when it is not a realtime event. */
export function parseRealtimeMessage(raw: unknown): RealtimeEvent | null {
  if (typeof raw !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const { key, data, channel } = parsed as { key?: unknown; data?: unknown; channel?: unknown };
  if (typeof key !== 'string' || key === '') return null;
  const payload = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  return { key, data: payload, channel: typeof channel === 'string' ? channel : '' };
}

const defaultFactory: SocketFactory = (url) => new WebSocket(url);

export class RealtimeClient {
  private readonly options: RealtimeClientOptions;
  private readonly listeners = new Set<RealtimeListener>();
  private socket: SocketLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private confirmedOnce = false;
  private currentStatus: RealtimeStatus = 'idle';

  constructor(options: RealtimeClientOptions) {
    this.options = options;
  }

  get status(): RealtimeStatus {
    return this.currentStatus;
  }

  /** Adds a listener for every event; returns the function that removes it. */
  subscribe(listener: RealtimeListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  start(): void {
    if (this.currentStatus !== 'idle' && this.currentStatus !== 'stopped') return;
    this.connect();
  }

  /** Closes the socket for good (sign-out, unmount). */
  stop(): void {
    this.clearTimer();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      detach(socket);
      try {
        socket.close(1000, 'client_stopped');
      } catch {
        // Already closed.
      }
    }
    this.setStatus('stopped');
  }

  /** Connects now when a retry is pending (the browser came back online). */
  retryNow(): void {
    if (this.currentStatus !== 'waiting') return;
    this.clearTimer();
    this.connect();
  }

  private connect(): void {
    this.setStatus('connecting');
    let socket: SocketLike;
    try {
      socket = (this.options.createSocket ?? defaultFactory)(this.options.url ?? realtimeUrl());
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    let confirmed = false;
    socket.onopen = () => {
      socket.send(JSON.stringify({ token: this.options.token }));
    };
    socket.onmessage = (message: MessageEvent) => {
      const event = parseRealtimeMessage(message.data);
      if (!event) return;
      if (event.key === SUBSCRIPTION_CONFIRMED) {
        if (confirmed) return;
        confirmed = true;
        this.attempt = 0;
        this.setStatus('open');
        if (this.confirmedOnce) this.emit({ key: REALTIME_RECONNECTED, data: {}, channel: '' });
        this.confirmedOnce = true;
        return;
      }
      this.emit(event);
    };
    socket.onerror = () => {
      // A close event always follows; the retry is decided there.
    };
    socket.onclose = (close: CloseEvent) => {
      if (this.socket !== socket) return;
      detach(socket);
      this.socket = null;
      const reason = close.reason ?? '';
      if (isRefusal(close.code, reason)) {
        this.setStatus('refused', { code: close.code, reason });
        return;
      }
      this.scheduleRetry({ code: close.code, reason });
    };
  }

  private scheduleRetry(detail?: CloseDetail): void {
    this.attempt += 1;
    const delay = retryDelay(
      this.attempt,
      this.options.baseDelayMs ?? 1000,
      this.options.maxDelayMs ?? 30_000,
      this.options.jitter ?? 0.3,
      this.options.random ?? Math.random,
    );
    this.setStatus('waiting', detail);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect();
    }, delay);
  }

  private emit(event: RealtimeEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        // One screen's failing handler must not starve the others.
        console.error('realtime listener failed', error);
      }
    }
  }

  private clearTimer(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
  }

  private setStatus(status: RealtimeStatus, detail?: CloseDetail): void {
    this.currentStatus = status;
    this.options.onStatus?.(status, detail);
  }
}

function detach(socket: SocketLike): void {
  socket.onopen = null;
  socket.onmessage = null;
  socket.onclose = null;
  socket.onerror = null;
}
