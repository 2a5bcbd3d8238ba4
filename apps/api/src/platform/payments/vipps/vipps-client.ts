import { z } from 'zod';
import {
  callProvider,
  PaymentProviderError,
  type ProviderAnswer,
  type ProviderFetch,
  readAnswer,
} from '../provider-http.ts';

/**
 * The Vipps MobilePay ePayment adapter (payments.md §2): an access token from
 * `POST /accesstoken/get` (kept until shortly before it expires), then the ePayment API with
 * `Authorization: Bearer`, `Ocp-Apim-Subscription-Key`, `Merchant-Serial-Number`, the
 * `Vipps-System-*` headers and an `Idempotency-Key` on every write. Failures are
 * PaymentProviderError as for Reepay: `payment_provider_unavailable` for no answer, a timeout or a
 * 5xx; `payment_provider_rejected` for a 4xx, with the problem's `type` or `title` as providerCode.
 */

export interface VippsClientOptions {
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
  merchantSerialNumber: string;
  /** https://api.vipps.no, https://apitest.vipps.no or the stand-in. */
  apiUrl: string;
  fetch?: ProviderFetch;
  timeoutMs?: number;
  now?: () => Date;
}

export const VIPPS_PAYMENT_STATES = ['CREATED', 'AUTHORIZED', 'ABORTED', 'EXPIRED', 'TERMINATED'] as const;
export type VippsPaymentState = (typeof VIPPS_PAYMENT_STATES)[number];

export interface VippsAmount {
  currency: 'NOK' | 'DKK' | 'EUR';
  /** Minor units (10.00 NOK = 1000). */
  value: number;
}

export interface CreateVippsPaymentInput {
  /** Our id for the payment, `^[a-zA-Z0-9-]{8,50}$`; used in every later path. */
  reference: string;
  amount: VippsAmount;
  /** 3–100 characters, shown in the app. */
  paymentDescription: string;
  /** Where the person returns to (put our order id in it; Vipps adds nothing). */
  returnUrl: string;
  /** Prefills the landing page. */
  customerPhoneNumber?: string;
  idempotencyKey: string;
}

export interface VippsPayment {
  reference: string;
  pspReference: string;
  state: VippsPaymentState;
  amount: { currency: string; value: number };
  aggregate: {
    authorizedAmount: number;
    cancelledAmount: number;
    capturedAmount: number;
    refundedAmount: number;
  };
}

export interface VippsPaymentEvent {
  reference: string;
  pspReference: string;
  name: string;
  amount: { currency: string; value: number };
  timestamp: string;
  idempotencyKey: string | null;
  success: boolean;
}

export interface VippsClient {
  /** POST /epayment/v1/payments with userFlow WEB_REDIRECT: send the browser to `redirectUrl`. */
  createPayment(input: CreateVippsPaymentInput): Promise<{ reference: string; redirectUrl: string }>;
  /** GET /epayment/v1/payments/{reference}; null when there is none. */
  getPayment(reference: string): Promise<VippsPayment | null>;
  /** GET /epayment/v1/payments/{reference}/events: the payment's event log. */
  getPaymentEvents(reference: string): Promise<VippsPaymentEvent[]>;
  /** POST …/capture: take (part of) the authorized amount, after delivery. */
  capturePayment(
    reference: string,
    input: { amount: VippsAmount; idempotencyKey: string },
  ): Promise<VippsPayment>;
  /** POST …/refund: give back (part of) the captured amount. */
  refundPayment(
    reference: string,
    input: { amount: VippsAmount; idempotencyKey: string },
  ): Promise<VippsPayment>;
  /** POST …/cancel: before approval TERMINATED; after it, releases what is not captured. */
  cancelPayment(reference: string, input: { idempotencyKey: string }): Promise<VippsPayment>;
}

const TokenSchema = z.object({
  access_token: z.string().min(1),
  // Vipps sends the lifetime in seconds as a string.
  expires_in: z.union([z.string(), z.number()]).transform((value) => Number(value)),
});

const AmountSchema = z.object({ currency: z.string(), value: z.number().int() });

const AggregateSchema = z.object({
  authorizedAmount: AmountSchema,
  cancelledAmount: AmountSchema,
  capturedAmount: AmountSchema,
  refundedAmount: AmountSchema,
});

const PaymentSchema = z.object({
  reference: z.string(),
  pspReference: z.string(),
  state: z.enum(VIPPS_PAYMENT_STATES),
  amount: AmountSchema,
  aggregate: AggregateSchema,
});

const CreatedSchema = z.object({ reference: z.string(), redirectUrl: z.url() });

const EventSchema = z.object({
  reference: z.string(),
  pspReference: z.string(),
  name: z.string(),
  amount: AmountSchema,
  timestamp: z.string(),
  idempotencyKey: z.string().nullish(),
  success: z.boolean(),
});

/** RFC 7807 problem, as the ePayment API answers errors. */
const ProblemSchema = z.object({
  type: z.string().nullish(),
  title: z.string().nullish(),
  detail: z.string().nullish(),
});

function presentPayment(raw: z.infer<typeof PaymentSchema>): VippsPayment {
  return {
    reference: raw.reference,
    pspReference: raw.pspReference,
    state: raw.state,
    amount: raw.amount,
    aggregate: {
      authorizedAmount: raw.aggregate.authorizedAmount.value,
      cancelledAmount: raw.aggregate.cancelledAmount.value,
      capturedAmount: raw.aggregate.capturedAmount.value,
      refundedAmount: raw.aggregate.refundedAmount.value,
    },
  };
}

/** A token is renewed this long before Vipps says it expires. */
const TOKEN_MARGIN_MS = 60_000;

export function createVippsClient(options: VippsClientOptions): VippsClient {
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? (() => new Date());
  const common = {
    'ocp-apim-subscription-key': options.subscriptionKey,
    'merchant-serial-number': options.merchantSerialNumber,
    'vipps-system-name': 'nordic-bike-registry',
    'vipps-system-version': '1',
    'vipps-system-plugin-name': 'nbr-webshop',
    'vipps-system-plugin-version': '1',
  };
  let token: { value: string; expiresAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  function rejected(answer: ProviderAnswer): PaymentProviderError {
    const problem = ProblemSchema.safeParse(answer.body);
    const code = problem.success ? (problem.data.type ?? problem.data.title ?? null) : null;
    const message = problem.success ? (problem.data.detail ?? problem.data.title ?? null) : null;
    return new PaymentProviderError('payment_provider_rejected', answer.status, code, message);
  }

  const read = <T extends z.ZodType>(schema: T, answer: ProviderAnswer): z.infer<T> =>
    readAnswer(schema, answer, rejected);

  async function fetchToken(): Promise<string> {
    const answer = await callProvider(
      fetchFn,
      {
        method: 'POST',
        url: `${options.apiUrl}/accesstoken/get`,
        headers: {
          client_id: options.clientId,
          client_secret: options.clientSecret,
          ...common,
        },
      },
      timeoutMs,
    );
    const parsed = read(TokenSchema, answer);
    const lifetimeMs = Number.isFinite(parsed.expires_in) ? parsed.expires_in * 1000 : 0;
    token = { value: parsed.access_token, expiresAt: now().getTime() + lifetimeMs - TOKEN_MARGIN_MS };
    return parsed.access_token;
  }

  /** One token request at a time; a cached token until its margin. */
  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > now().getTime()) return token.value;
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    idempotencyKey: string | null,
  ): Promise<ProviderAnswer> {
    const send = async () =>
      callProvider(
        fetchFn,
        {
          method,
          url: `${options.apiUrl}${path}`,
          headers: {
            authorization: `Bearer ${await accessToken()}`,
            ...common,
            ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
          },
          ...(body === undefined ? {} : { body }),
        },
        timeoutMs,
      );
    const answer = await send();
    if (answer.status !== 401) return answer;
    // The token was revoked or expired early: one fresh token, one more try.
    token = null;
    return send();
  }

  const payment = (reference: string) => `/epayment/v1/payments/${encodeURIComponent(reference)}`;

  return {
    async createPayment(input) {
      const answer = await call(
        'POST',
        '/epayment/v1/payments',
        {
          amount: input.amount,
          paymentMethod: { type: 'WALLET' },
          reference: input.reference,
          userFlow: 'WEB_REDIRECT',
          returnUrl: input.returnUrl,
          paymentDescription: input.paymentDescription,
          ...(input.customerPhoneNumber ? { customer: { phoneNumber: input.customerPhoneNumber } } : {}),
        },
        input.idempotencyKey,
      );
      return read(CreatedSchema, answer);
    },

    async getPayment(reference) {
      const answer = await call('GET', payment(reference), undefined, null);
      return answer.status === 404 ? null : presentPayment(read(PaymentSchema, answer));
    },

    async getPaymentEvents(reference) {
      const events = read(
        z.array(EventSchema),
        await call('GET', `${payment(reference)}/events`, undefined, null),
      );
      return events.map((event) => ({ ...event, idempotencyKey: event.idempotencyKey ?? null }));
    },

    async capturePayment(reference, input) {
      const answer = await call(
        'POST',
        `${payment(reference)}/capture`,
        { modificationAmount: input.amount },
        input.idempotencyKey,
      );
      return presentPayment(read(PaymentSchema, answer));
    },

    async refundPayment(reference, input) {
      const answer = await call(
        'POST',
        `${payment(reference)}/refund`,
        { modificationAmount: input.amount },
        input.idempotencyKey,
      );
      return presentPayment(read(PaymentSchema, answer));
    },

    async cancelPayment(reference, input) {
      const answer = await call('POST', `${payment(reference)}/cancel`, undefined, input.idempotencyKey);
      return presentPayment(read(PaymentSchema, answer));
    },
  };
}
