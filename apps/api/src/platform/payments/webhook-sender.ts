import type { ProviderFetch } from './provider-http.ts';

/** One webhook a stand-in sends, with its delivery record. */
export interface OutgoingWebhook {
  /** Deliveries of one queue go out in order: a failing one holds back those after it. */
  queue: string;
  /** Built for each attempt (a provider that signs the send time signs every attempt anew). */
  request(): { url: string; headers: Record<string, string>; body: string };
  attempts: number;
  state: 'queued' | 'delivered' | 'failed';
  /** HTTP status of the last attempt; null when it got no answer. */
  lastStatus: number | null;
}

export interface WebhookSenderOptions {
  fetch: ProviderFetch;
  /** Waits before each retry; after the last one the delivery is given up. */
  retryDelaysMs: readonly number[];
  /** An attempt not answered in time fails. */
  timeoutMs: number;
}

/**
 * How the payment stand-ins deliver webhooks the way providers do: a POST per delivery, any 2xx
 * succeeds and anything else fails (redirects included), failures are retried after the given
 * waits, and deliveries of one queue (a customer, a payment) go out one after the other.
 */
export function createWebhookSender(options: WebhookSenderOptions) {
  const queues = new Map<string, OutgoingWebhook[]>();
  const sending = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  const idleWaiters: Array<() => void> = [];
  let closed = false;

  const isIdle = () => sending.size === 0 && [...queues.values()].every((queue) => queue.length === 0);

  function notifyIdle(): void {
    if (isIdle()) for (const resolve of idleWaiters.splice(0)) resolve();
  }

  async function attempt(webhook: OutgoingWebhook): Promise<boolean> {
    webhook.attempts += 1;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    try {
      const { url, headers, body } = webhook.request();
      const response = await options.fetch(url, { method: 'POST', headers, body, signal: controller.signal });
      await response.arrayBuffer().catch(() => undefined);
      webhook.lastStatus = response.status;
      return response.status >= 200 && response.status < 300;
    } catch {
      webhook.lastStatus = null;
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  async function pump(queueName: string): Promise<void> {
    if (sending.has(queueName) || closed) return;
    const queue = queues.get(queueName);
    const head = queue?.[0];
    if (!queue || !head) {
      queues.delete(queueName);
      notifyIdle();
      return;
    }
    sending.add(queueName);
    const ok = await attempt(head);
    sending.delete(queueName);
    if (closed) return;
    if (ok || head.attempts > options.retryDelaysMs.length) {
      head.state = ok ? 'delivered' : 'failed';
      queue.shift();
      void pump(queueName);
      return;
    }
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        void pump(queueName);
      },
      options.retryDelaysMs[head.attempts - 1] ?? 0,
    );
    timers.add(timer);
  }

  return {
    send(webhook: OutgoingWebhook): void {
      if (closed) return;
      const queue = queues.get(webhook.queue) ?? [];
      queue.push(webhook);
      queues.set(webhook.queue, queue);
      void pump(webhook.queue);
    },
    /** Resolves when nothing is waiting to be sent or being sent (scheduled retries count as waiting). */
    whenIdle(): Promise<void> {
      if (isIdle()) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    close(): void {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const resolve of idleWaiters.splice(0)) resolve();
    },
  };
}
