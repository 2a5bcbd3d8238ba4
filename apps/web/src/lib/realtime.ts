import { type RealtimeEvent, RealtimeEventSchema, RealtimeTicketSchema } from '@nbr/domain/chats';
import { useCallback, useSyncExternalStore } from 'react';
import { api, isApiError } from './api-client.ts';
import { sessionStore } from './session-store.ts';

/*
 * The live connection of a signed-in tab (GET /api/ws): one websocket per tab, opened with a
 * short-lived ticket (browsers cannot send headers on a websocket), kept alive with pings and
 * reopened with a fresh ticket after every drop, backing off with jitter so that a restarted server
 * is not hit by every browser at once. It knows nothing of chats: features subscribe to its events.
 */

/** idle: not wanted (signed out, not started). connecting: getting a ticket or opening. open: live. closed: waiting to retry. */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed';

export const PING_INTERVAL_MS = 25_000;
/** No frame at all (not even a pong) for this long: the connection is dead even if the socket says open. */
export const SILENCE_LIMIT_MS = 2 * PING_INTERVAL_MS + 10_000;
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/** The wait before reconnect attempt `attempt` (0-based): doubling up to the cap, then 50–100 % of it. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

/** The tab's own live channel; a dock's is /api/docks/{dockId}/websocket (channelClient). */
export const REALTIME_PATH = '/api/ws';

/** The websocket address for a ticket, on the page's own origin (http → ws, https → wss). */
export function realtimeUrl(origin: string, ticket: string, path: string = REALTIME_PATH): string {
  return `${origin.replace(/^http/, 'ws')}${path}?ticket=${encodeURIComponent(ticket)}`;
}

/** Parses one text frame; null for anything that is not a known event. */
export function parseRealtimeFrame(data: unknown): RealtimeEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = RealtimeEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The subset of the browser's WebSocket the client uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface RealtimeClientOptions {
  /** POST /api/ws/tickets; throws when no ticket can be had. */
  getTicket: () => Promise<string>;
  openSocket: (ticket: string) => SocketLike;
  /** A ticket refused for good (401): stop instead of retrying; the session handling takes over. */
  isFatal?: (error: unknown) => boolean;
  random?: () => number;
}

export type RealtimeListener = (event: RealtimeEvent) => void;
/** `reconnected`: an earlier connection of this client existed, so events may have been missed. */
export type StatusListener = (status: RealtimeStatus, info: { reconnected: boolean }) => void;

export interface RealtimeClient {
  /** Connects (once; calling again while running does nothing). */
  start(): void;
  /** Closes the connection and stops retrying. */
  stop(): void;
  /** Closes and reconnects now with a fresh ticket (another account, back online). */
  restart(): void;
  getStatus(): RealtimeStatus;
  subscribe(listener: RealtimeListener): () => void;
  /** Listens to status changes; `unknown` is called for a frame that is not a known event. */
  onStatus(listener: StatusListener): () => void;
  onUnknownFrame(listener: () => void): () => void;
}

const OPEN = 1;

export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const random = options.random ?? Math.random;
  const listeners = new Set<RealtimeListener>();
  const statusListeners = new Set<StatusListener>();
  const unknownListeners = new Set<() => void>();
  let status: RealtimeStatus = 'idle';
  let running = false;
  let socket: SocketLike | null = null;
  /** Bumped on every connect and stop: late answers of an older attempt are ignored. */
  let generation = 0;
  let attempt = 0;
  let hasBeenOpen = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let lastFrameAt = 0;

  const setStatus = (next: RealtimeStatus, reconnected = false) => {
    if (next === status) return;
    status = next;
    for (const listener of [...statusListeners]) listener(next, { reconnected });
  };

  const clearTimers = () => {
    if (retryTimer) clearTimeout(retryTimer);
    if (pingTimer) clearInterval(pingTimer);
    retryTimer = undefined;
    pingTimer = undefined;
  };

  const dropSocket = () => {
    const old = socket;
    socket = null;
    if (!old) return;
    old.onopen = null;
    old.onmessage = null;
    old.onclose = null;
    old.onerror = null;
    try {
      old.close(1000);
    } catch {
      // Already closed.
    }
  };

  const scheduleReconnect = () => {
    clearTimers();
    dropSocket();
    if (!running) return;
    setStatus('closed');
    const delay = reconnectDelay(attempt, random);
    attempt += 1;
    retryTimer = setTimeout(connect, delay);
  };

  const onFrame = (data: unknown) => {
    lastFrameAt = Date.now();
    const event = parseRealtimeFrame(data);
    if (!event) {
      for (const listener of [...unknownListeners]) listener();
      return;
    }
    if (event.type === 'ready') {
      // Only a connection the server accepted counts: a socket that opens and is refused keeps backing off.
      attempt = 0;
      const reconnected = hasBeenOpen;
      hasBeenOpen = true;
      setStatus('open', reconnected);
    }
    for (const listener of [...listeners]) listener(event);
  };

  const ping = () => {
    if (!socket || socket.readyState !== OPEN) return;
    if (Date.now() - lastFrameAt > SILENCE_LIMIT_MS) {
      scheduleReconnect();
      return;
    }
    try {
      socket.send('ping');
    } catch {
      scheduleReconnect();
    }
  };

  async function connect(): Promise<void> {
    if (!running) return;
    clearTimers();
    dropSocket();
    generation += 1;
    const mine = generation;
    setStatus('connecting');
    let ticket: string;
    try {
      ticket = await options.getTicket();
    } catch (error) {
      if (mine !== generation || !running) return;
      if (options.isFatal?.(error)) {
        stop();
        return;
      }
      scheduleReconnect();
      return;
    }
    if (mine !== generation || !running) return;
    let next: SocketLike;
    try {
      next = options.openSocket(ticket);
    } catch {
      scheduleReconnect();
      return;
    }
    socket = next;
    lastFrameAt = Date.now();
    next.onmessage = (event) => {
      if (socket === next) onFrame(event.data);
    };
    next.onclose = () => {
      if (socket === next) scheduleReconnect();
    };
    next.onerror = () => {
      // A close event follows every error; reconnecting happens there.
    };
    pingTimer = setInterval(ping, PING_INTERVAL_MS);
  }

  function stop(): void {
    running = false;
    generation += 1;
    clearTimers();
    dropSocket();
    attempt = 0;
    setStatus('idle');
  }

  return {
    start() {
      if (running) return;
      running = true;
      void connect();
    },
    stop,
    restart() {
      if (!running) return;
      attempt = 0;
      void connect();
    },
    getStatus: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    onUnknownFrame(listener) {
      unknownListeners.add(listener);
      return () => unknownListeners.delete(listener);
    },
  };
}

/** POST /api/ws/tickets — a ticket for the signed-in session, valid for a minute and one connection. */
export async function fetchRealtimeTicket(): Promise<string> {
  const answer = await api.post('/ws/tickets', undefined, { schema: RealtimeTicketSchema });
  return answer.ticket;
}

/**
 * A live connection to the channel at `path` on this origin, with the tab's tickets, pings and
 * backoff: the tab's own (/api/ws) or a page's (a dock's locks, /api/docks/{dockId}/websocket). The
 * caller starts and stops it.
 */
export function channelClient(path: string = REALTIME_PATH): RealtimeClient {
  return createRealtimeClient({
    getTicket: fetchRealtimeTicket,
    openSocket: (ticket) => new WebSocket(realtimeUrl(window.location.origin, ticket, path)) as SocketLike,
    // 401: the session is gone (the API client has already sent the user to login); 403: not allowed.
    isFatal: (error) => isApiError(error) && (error.status === 401 || error.status === 403),
  });
}

/** The tab's one live connection. */
export const realtime: RealtimeClient = channelClient();

const wiredToSession = new WeakSet<RealtimeClient>();

/**
 * Starts the live connection of this tab while someone is signed in: stops on sign-out, reconnects
 * when another account takes over (switching user), and right away when the browser is back online
 * or the tab is shown again after its connection dropped. Safe to call more than once.
 */
export function startRealtime(client: RealtimeClient = realtime): void {
  if (!sessionStore.getToken()) return;
  client.start();
  if (wiredToSession.has(client) || typeof window === 'undefined') return;
  wiredToSession.add(client);
  let party = sessionStore.getClaims()?.party_id ?? null;
  sessionStore.subscribe(() => {
    const claims = sessionStore.getClaims();
    if (!claims) {
      party = null;
      client.stop();
      return;
    }
    if (claims.party_id !== party) {
      party = claims.party_id;
      client.restart();
    }
  });
  const retryNow = () => {
    if (client.getStatus() === 'closed') client.restart();
  };
  window.addEventListener('online', retryNow);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') retryNow();
  });
}

/** The connection's status, for React (e.g. polling while not connected). */
export function useRealtimeStatus(client: RealtimeClient = realtime): RealtimeStatus {
  const subscribe = useCallback((onChange: () => void) => client.onStatus(() => onChange()), [client]);
  return useSyncExternalStore(subscribe, client.getStatus, client.getStatus);
}
