import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors.ts';
import { injectFetch } from '../identity-provider/dev-provider.routes.ts';

/** What the adapters need of `fetch`: global fetch fits, and so does an app.inject shim. */
export type ProviderFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<Response>;

/** A call that could not reach the provider, or that the provider turned down. */
export class PaymentProviderError extends AppError {
  constructor(
    code: 'payment_provider_unavailable' | 'payment_provider_rejected',
    /** The provider's HTTP status; null when it never answered. */
    readonly httpStatus: number | null,
    /** The provider's own error code (Reepay: a number such as 105; Vipps: a problem `type`), if any. */
    readonly providerCode: string | null,
    readonly providerMessage: string | null,
  ) {
    super(code);
  }
}

export interface ProviderRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: unknown;
}

export interface ProviderAnswer {
  status: number;
  /** The parsed JSON body; null for an empty body. */
  body: unknown;
}

/** The provider's answer, or a PaymentProviderError when it did not answer in time or answered 5xx. */
export async function callProvider(
  fetchFn: ProviderFetch,
  request: ProviderRequest,
  timeoutMs: number,
): Promise<ProviderAnswer> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  // Raced as well as aborted: a shim that ignores the signal must not hold a checkout forever.
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new PaymentProviderError('payment_provider_unavailable', null, 'timeout', null));
    }, timeoutMs);
  });
  try {
    const response = await Promise.race([
      fetchFn(request.url, {
        method: request.method,
        headers: {
          accept: 'application/json',
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...request.headers,
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal: controller.signal,
      }),
      timeout,
    ]);
    const text = await Promise.race([response.text(), timeout]);
    if (response.status >= 500) {
      throw new PaymentProviderError(
        'payment_provider_unavailable',
        response.status,
        null,
        text.slice(0, 300),
      );
    }
    let body: unknown = null;
    if (text.trim() !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        throw new PaymentProviderError('payment_provider_unavailable', response.status, 'not_json', null);
      }
    }
    return { status: response.status, body };
  } catch (error) {
    if (error instanceof PaymentProviderError) throw error;
    throw new PaymentProviderError('payment_provider_unavailable', null, 'network', String(error));
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A 2xx answer's body as `schema`. Anything else is `rejected(answer)` (the provider's refusal in
 * its own error shape); a 2xx body that does not fit is an outage, never a success.
 */
export function readAnswer<T extends z.ZodType>(
  schema: T,
  answer: ProviderAnswer,
  rejected: (answer: ProviderAnswer) => PaymentProviderError,
): z.infer<T> {
  if (answer.status < 200 || answer.status >= 300) throw rejected(answer);
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) {
    throw new PaymentProviderError('payment_provider_unavailable', answer.status, 'unexpected_answer', null);
  }
  return parsed.data;
}

/**
 * Requests to the app's own address (the built-in stand-ins under /dev, our own webhook route) go
 * through app.inject: the server may not listen (tests), or PUBLIC_URL may be a proxy in front of
 * it (development). Everything else goes over the network. Either way the full HTTP handling runs.
 */
export function ownOriginFetch(app: FastifyInstance, publicUrl: string): ProviderFetch {
  const ownOrigin = new URL(publicUrl).origin;
  const inject = injectFetch(app);
  return (url, init) =>
    new URL(url).origin === ownOrigin
      ? inject(url, { ...init, body: init.body, redirect: 'manual' })
      : fetch(url, { ...init, redirect: 'manual' });
}
