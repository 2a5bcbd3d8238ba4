import type { FastifyInstance } from 'fastify';
import {
  acceptedWebhookSecrets,
  type Config,
  REEPAY_STAND_IN_PATH,
  VIPPS_STAND_IN_PATH,
} from '../../config.ts';
import { ownOriginFetch, type ProviderFetch } from './provider-http.ts';
import { createReepayClient, type ReepayClient } from './reepay/reepay-client.ts';
import { reepayStandInRoutes } from './reepay/reepay-stand-in.routes.ts';
import { createReepayStandIn, type ReepayStandIn } from './reepay/reepay-stand-in.ts';
import { type ReepayWebhookVerification, verifyReepayWebhook } from './reepay/reepay-webhooks.ts';
import { createVippsClient, type VippsClient } from './vipps/vipps-client.ts';
import { vippsStandInRoutes } from './vipps/vipps-stand-in.routes.ts';
import { createVippsStandIn, type VippsStandIn } from './vipps/vipps-stand-in.ts';
import { type VippsWebhookVerification, verifyVippsWebhook } from './vipps/vipps-webhooks.ts';

/** The payment providers as the webshop uses them: one adapter per provider, and its webhook check. */
export interface Payments {
  reepay: {
    client: ReepayClient;
    /** Checks a delivery to our webhook route (raw body or parsed JSON). */
    verifyWebhook(body: unknown, now?: Date): ReepayWebhookVerification;
    /** The built-in stand-in when it is the one selected (development and test); null otherwise. */
    standIn: ReepayStandIn | null;
  };
  vipps: {
    client: VippsClient;
    /** The Merchant-Serial-Number webhooks must name (`msn`). */
    merchantSerialNumber: string;
    /**
     * Checks a delivery to our webhook route: the path and query as the client sent them
     * (`request.originalUrl`), the headers, and the raw body bytes (the whole body is signed).
     */
    verifyWebhook(request: {
      method: string;
      pathAndQuery: string;
      headers: Record<string, string | string[] | undefined>;
      rawBody: string | Buffer;
      now?: Date;
    }): VippsWebhookVerification;
    standIn: VippsStandIn | null;
  };
}

/** What tests change about the payment set-up. */
export interface PaymentsOptions {
  /** How the adapters and the stand-ins' webhooks reach their targets; default: app.inject for PUBLIC_URL, else the network. */
  fetch?: ProviderFetch;
  /** Adapter calls taking longer fail as payment_provider_unavailable (default 10 s). */
  timeoutMs?: number;
  /** The Reepay stand-in's webhook target instead of the configured one. */
  reepayWebhookUrl?: string;
  /** The Vipps stand-in's webhook target instead of the configured one. */
  vippsWebhookUrl?: string;
  /** The Vipps stand-in's wait before an unanswered payment expires (default 10 minutes). */
  paymentExpiryMs?: number;
  /** The stand-ins' wait before a delayed confirmation completes (default 60 s). */
  processingDelayMs?: number;
  /** The stand-ins' waits between webhook retries. */
  webhookRetryDelaysMs?: readonly number[];
}

/**
 * Builds the adapters from the configuration; where a provider is the built-in stand-in (never in
 * production: config.ts refuses that), mounts it under /dev and points the adapter at it.
 */
export async function setUpPayments(
  app: FastifyInstance,
  config: Config,
  options: PaymentsOptions = {},
): Promise<Payments> {
  const fetchFn = options.fetch ?? ownOriginFetch(app, config.publicUrl);
  const settings = config.payments.reepay;
  let reepayStandIn: ReepayStandIn | null = null;
  if (settings.mode === 'stand-in' && !config.isProduction) {
    reepayStandIn = createReepayStandIn({
      privateKey: settings.privateKey,
      webhookSecret: settings.webhookSecret,
      webhookUrl: options.reepayWebhookUrl ?? settings.standInWebhookUrl,
      checkoutPageUrl: `${config.publicUrl}${REEPAY_STAND_IN_PATH}/checkout`,
      paymentInfoUrl: `${config.publicUrl}${REEPAY_STAND_IN_PATH}/payment-info`,
      fetch: fetchFn,
      ...(options.processingDelayMs === undefined ? {} : { processingDelayMs: options.processingDelayMs }),
      ...(options.webhookRetryDelaysMs ? { webhookRetryDelaysMs: options.webhookRetryDelaysMs } : {}),
    });
    const standIn = reepayStandIn;
    app.addHook('onClose', async () => standIn.close());
    await app.register(reepayStandInRoutes, { prefix: REEPAY_STAND_IN_PATH, standIn });
  }
  const reepayClient = createReepayClient({
    privateKey: settings.privateKey,
    apiUrl: settings.apiUrl,
    checkoutApiUrl: settings.checkoutApiUrl,
    fetch: fetchFn,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  const vippsSettings = config.payments.vipps;
  let vippsStandIn: VippsStandIn | null = null;
  if (vippsSettings.mode === 'stand-in' && !config.isProduction) {
    vippsStandIn = createVippsStandIn({
      clientId: vippsSettings.clientId,
      clientSecret: vippsSettings.clientSecret,
      subscriptionKey: vippsSettings.subscriptionKey,
      merchantSerialNumber: vippsSettings.merchantSerialNumber,
      webhookSecret: vippsSettings.webhookSecret,
      webhookUrl: options.vippsWebhookUrl ?? vippsSettings.standInWebhookUrl,
      landingUrl: `${config.publicUrl}${VIPPS_STAND_IN_PATH}/landing`,
      fetch: fetchFn,
      ...(options.paymentExpiryMs === undefined ? {} : { paymentExpiryMs: options.paymentExpiryMs }),
      ...(options.webhookRetryDelaysMs ? { webhookRetryDelaysMs: options.webhookRetryDelaysMs } : {}),
    });
    const standIn = vippsStandIn;
    app.addHook('onClose', async () => standIn.close());
    await app.register(vippsStandInRoutes, { prefix: VIPPS_STAND_IN_PATH, standIn });
  }
  const vippsClient = createVippsClient({
    clientId: vippsSettings.clientId,
    clientSecret: vippsSettings.clientSecret,
    subscriptionKey: vippsSettings.subscriptionKey,
    merchantSerialNumber: vippsSettings.merchantSerialNumber,
    apiUrl: vippsSettings.apiUrl,
    fetch: fetchFn,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });

  const vippsWebhookSecrets = acceptedWebhookSecrets(config, [vippsSettings.webhookSecret]);
  const reepayWebhookSecrets = acceptedWebhookSecrets(config, [settings.webhookSecret]);
  return {
    vipps: {
      client: vippsClient,
      merchantSerialNumber: vippsSettings.merchantSerialNumber,
      verifyWebhook: (request) =>
        verifyVippsWebhook({
          ...request,
          secrets: vippsWebhookSecrets,
          merchantSerialNumber: vippsSettings.merchantSerialNumber,
        }),
      standIn: vippsStandIn,
    },
    reepay: {
      client: reepayClient,
      verifyWebhook: (body, now) =>
        verifyReepayWebhook(body, { secrets: reepayWebhookSecrets, ...(now ? { now } : {}) }),
      standIn: reepayStandIn,
    },
  };
}
