import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  method: string;
  /** Path and query as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The status the receiver answered. */
  status: number;
}

/**
 * A webhook endpoint on a real port for the payment stand-ins' deliveries: it records every
 * request, answers `failNext` of them with 500 first, and lets a test wait for a number of them.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let failNext = 0;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = failNext > 0 ? 500 : 200;
      if (failNext > 0) failNext -= 1;
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
        status,
      });
      response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
      for (const waiter of waiters.filter((candidate) => received.length >= candidate.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/hooks`,
    host: `127.0.0.1:${port}`,
    received,
    /** The JSON bodies of the deliveries that were answered 2xx. */
    accepted<T = Record<string, string>>(): T[] {
      return received.filter((item) => item.status < 300).map((item) => JSON.parse(item.rawBody) as T);
    },
    failNext(count: number) {
      failNext = count;
    },
    /** Resolves once `count` requests in all have arrived. */
    waitFor(count: number): Promise<void> {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    clear() {
      received.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
