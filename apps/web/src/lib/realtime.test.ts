import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createRealtimeClient,
  PING_INTERVAL_MS,
  parseRealtimeFrame,
  RECONNECT_MAX_MS,
  type RealtimeStatus,
  realtimeUrl,
  reconnectDelay,
  SILENCE_LIMIT_MS,
  type SocketLike,
  startRealtime,
} from './realtime.ts';
import { sessionStore } from './session-store.ts';

/** A websocket the test drives: it records what was sent and lets the test open, speak and close it. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly ticket: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  /** The server accepted the connection and says so. */
  accept() {
    this.readyState = 1;
    this.onopen?.({});
    this.frame({ type: 'ready' });
  }
  frame(value: unknown) {
    this.onmessage?.({ data: typeof value === 'string' ? value : JSON.stringify(value) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

function setUp(options: { ticketFails?: (n: number) => unknown; random?: () => number } = {}) {
  const sockets: FakeSocket[] = [];
  let tickets = 0;
  const statuses: { status: RealtimeStatus; reconnected: boolean }[] = [];
  const client = createRealtimeClient({
    getTicket: async () => {
      tickets += 1;
      const failure = options.ticketFails?.(tickets);
      if (failure) throw failure;
      return `ticket-${tickets}`;
    },
    openSocket: (ticket) => {
      const socket = new FakeSocket(ticket);
      sockets.push(socket);
      return socket;
    },
    isFatal: (error) => error === 'fatal',
    random: options.random ?? (() => 1),
  });
  client.onStatus((status, { reconnected }) => statuses.push({ status, reconnected }));
  return { client, sockets, statuses, tickets: () => tickets };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('realtime helpers', () => {
  it('builds the websocket address on the page origin with the ticket', () => {
    expect(realtimeUrl('https://cykel.dk', 'a b')).toBe('wss://cykel.dk/api/ws?ticket=a%20b');
    expect(realtimeUrl('http://localhost:3000', 't')).toBe('ws://localhost:3000/api/ws?ticket=t');
    expect(realtimeUrl('https://cykel.dk', 't', '/api/docks/d1/websocket')).toBe(
      'wss://cykel.dk/api/docks/d1/websocket?ticket=t',
    );
  });

  it('backs off by doubling up to a cap, with jitter between half and all of it', () => {
    expect(reconnectDelay(0, () => 1)).toBe(1_000);
    expect(reconnectDelay(3, () => 1)).toBe(8_000);
    expect(reconnectDelay(3, () => 0)).toBe(4_000);
    expect(reconnectDelay(20, () => 1)).toBe(RECONNECT_MAX_MS);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const delay = reconnectDelay(attempt);
      expect(delay).toBeGreaterThanOrEqual(Math.min(RECONNECT_MAX_MS, 1000 * 2 ** attempt) / 2);
      expect(delay).toBeLessThanOrEqual(RECONNECT_MAX_MS);
    }
  });

  it('parses known events only', () => {
    expect(parseRealtimeFrame('{"type":"pong"}')).toEqual({ type: 'pong' });
    expect(parseRealtimeFrame('{"type":"chat.exploded"}')).toBeNull();
    expect(parseRealtimeFrame('not json')).toBeNull();
    expect(parseRealtimeFrame(new ArrayBuffer(2))).toBeNull();
  });
});

describe('realtime client', () => {
  it('connects with a ticket, is open once the server says ready, and hands events on', async () => {
    const { client, sockets, statuses } = setUp();
    const events: unknown[] = [];
    client.subscribe((event) => events.push(event));
    client.start();
    client.start();
    await flush();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.ticket).toBe('ticket-1');
    expect(client.getStatus()).toBe('connecting');
    sockets[0]!.accept();
    expect(client.getStatus()).toBe('open');
    expect(statuses.at(-1)).toEqual({ status: 'open', reconnected: false });
    sockets[0]!.frame({
      type: 'chat.read',
      chat_id: '0190a0b0-0000-7000-8000-000000000001',
      unread_count: 0,
    });
    expect(events).toContainEqual({
      type: 'chat.read',
      chat_id: '0190a0b0-0000-7000-8000-000000000001',
      unread_count: 0,
    });
  });

  it('pings every 25 seconds while open', async () => {
    const { client, sockets } = setUp();
    client.start();
    await flush();
    sockets[0]!.accept();
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS);
    sockets[0]!.frame({ type: 'pong' });
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS);
    expect(sockets[0]!.sent).toEqual(['ping', 'ping']);
  });

  it('reconnects after a drop with a fresh ticket, backing off, and says it reconnected', async () => {
    const { client, sockets, statuses } = setUp();
    client.start();
    await flush();
    sockets[0]!.accept();
    sockets[0]!.drop();
    expect(client.getStatus()).toBe('closed');
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]!.ticket).toBe('ticket-2');
    // Refused before ready: the next wait doubles.
    sockets[1]!.drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets).toHaveLength(3);
    sockets[2]!.accept();
    expect(statuses.at(-1)).toEqual({ status: 'open', reconnected: true });
    // Accepted: the back-off starts over.
    sockets[2]!.drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets).toHaveLength(4);
  });

  it('retries when no ticket can be had, and stops when the ticket is refused for good', async () => {
    const { client, sockets, tickets } = setUp({
      ticketFails: (n) => (n === 1 ? 'offline' : n === 3 ? 'fatal' : null),
    });
    client.start();
    await flush();
    expect(sockets).toHaveLength(0);
    expect(client.getStatus()).toBe('closed');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets).toHaveLength(1);
    sockets[0]!.drop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tickets()).toBe(3);
    expect(client.getStatus()).toBe('idle');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(tickets()).toBe(3);
  });

  it('treats a silent connection as dead and reconnects', async () => {
    const { client, sockets } = setUp();
    client.start();
    await flush();
    sockets[0]!.accept();
    // No pong ever comes back.
    await vi.advanceTimersByTimeAsync(SILENCE_LIMIT_MS + PING_INTERVAL_MS);
    expect(sockets[0]!.closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
    expect(sockets.length).toBeGreaterThan(1);
  });

  it('tells about frames it does not understand (the app then refetches)', async () => {
    const { client, sockets } = setUp();
    const unknown = vi.fn();
    client.onUnknownFrame(unknown);
    client.start();
    await flush();
    sockets[0]!.accept();
    sockets[0]!.frame({ type: 'something.new' });
    expect(unknown).toHaveBeenCalledTimes(1);
  });

  it('closes on stop and does not come back; a late ticket of a stopped attempt is not used', async () => {
    const { client, sockets } = setUp();
    client.start();
    client.stop();
    await flush();
    expect(sockets).toHaveLength(0);
    client.start();
    await flush();
    sockets[0]!.accept();
    client.stop();
    expect(sockets[0]!.closedWith).toBe(1000);
    expect(client.getStatus()).toBe('idle');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets).toHaveLength(1);
  });

  it('restarts with a new ticket on request (another account took over)', async () => {
    const { client, sockets } = setUp();
    client.start();
    await flush();
    sockets[0]!.accept();
    client.restart();
    await flush();
    expect(sockets[0]!.closedWith).toBe(1000);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]!.ticket).toBe('ticket-2');
  });
});

describe('startRealtime', () => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const token = (party: string) =>
    `${encode({ alg: 'EdDSA' })}.${encode({
      exp: Math.floor(Date.now() / 1000) + 3600,
      email: 'a@b.dk',
      identity_party_id: party,
      party_id: party,
      verified_on: null,
      identity_signed_up_at: '2026-01-01',
      organisation_type: null,
      birth_date: null,
      zip_code: null,
      phone: null,
      sid: `s-${party}`,
    })}.sig`;

  afterEach(() => sessionStore.clear());

  it('connects only while signed in, stops on sign-out and reconnects for another account', () => {
    const client = {
      start: vi.fn(),
      stop: vi.fn(),
      restart: vi.fn(),
      getStatus: vi.fn((): RealtimeStatus => 'open'),
      subscribe: vi.fn(() => () => true),
      onStatus: vi.fn(() => () => true),
      onUnknownFrame: vi.fn(() => () => true),
    };
    startRealtime(client);
    expect(client.start).not.toHaveBeenCalled();

    sessionStore.setToken(token('party-a'));
    startRealtime(client);
    startRealtime(client);
    expect(client.start).toHaveBeenCalledTimes(2);
    // A refreshed token of the same account changes nothing.
    sessionStore.setToken(token('party-a').replace('.sig', '.sig2'));
    expect(client.restart).not.toHaveBeenCalled();
    // Staff switching into another account: a fresh ticket for that account.
    sessionStore.setToken(token('party-b'));
    expect(client.restart).toHaveBeenCalledTimes(1);
    sessionStore.clear();
    expect(client.stop).toHaveBeenCalledTimes(1);
  });
});
