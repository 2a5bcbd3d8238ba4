import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type {} from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import {
  ADDRESS_STAND_IN_PATH,
  acceptedWebhookSecrets,
  type Config,
  MAILGUN_STAND_IN_PATH,
} from './config.ts';
import type { Database, DatabaseConnection } from './db/client.ts';
import { backofficeRoutes } from './modules/backoffice/backoffice.routes.ts';
import { type BulkImportPass, createBulkImportPass } from './modules/backoffice/bulk-import.notifier.ts';
import { bulkImportRoutes } from './modules/backoffice/bulk-import.routes.ts';
import { contentPagesRoutes } from './modules/backoffice/content-pages.routes.ts';
import { regionPagesRoutes } from './modules/backoffice/region-pages.routes.ts';
import { findRegionPage } from './modules/backoffice/region-pages.service.ts';
import { bikeEquipmentRoutes } from './modules/bikes/bike-equipment.routes.ts';
import { bikeFilesRoutes } from './modules/bikes/bike-files.routes.ts';
import type { BikesDeps } from './modules/bikes/bikes.deps.ts';
import { bikesRoutes } from './modules/bikes/bikes.routes.ts';
import { manufacturerCodeRoutes } from './modules/bikes/manufacturer-codes.routes.ts';
import { refreshManufacturerCodes } from './modules/bikes/manufacturer-codes.service.ts';
import type { CertificatesDeps } from './modules/certificates/certificates.facade.ts';
import {
  type CertificateRateLimits,
  certificateKeysRoutes,
  resaleCertificatesRoutes,
} from './modules/certificates/resale-certificates.routes.ts';
import type { ChatsDeps } from './modules/chats/chats.deps.ts';
import { type ChatNotifier, createChatNotifier } from './modules/chats/chats.notifier.ts';
import { chatsRoutes, devChatsRoutes } from './modules/chats/chats.routes.ts';
import type { DeviceConnections } from './modules/docks/device-socket.ts';
import { dockHistoryRoutes } from './modules/docks/dock-history.routes.ts';
import { dockLiveRoutes } from './modules/docks/dock-live.routes.ts';
import { docksRoutes } from './modules/docks/docks.routes.ts';
import { gbfsRoutes } from './modules/docks/gbfs.routes.ts';
import { type LockCommandsRateLimits, lockCommandsRoutes } from './modules/docks/lock-commands.routes.ts';
import { createLockDevicePass, type LockDevicePass } from './modules/docks/lock-devices.notifier.ts';
import { type LockDevicesRateLimits, lockDevicesRoutes } from './modules/docks/lock-devices.routes.ts';
import { DEFAULT_LOCKS_SETTINGS, type LocksDeps, type LocksSettings } from './modules/docks/lock-live.ts';
import { flowImagesRoutes } from './modules/flows/flow-images.routes.ts';
import {
  createFlowWalkRetentionPass,
  type FlowWalkRetentionPass,
} from './modules/flows/flow-walks.notifier.ts';
import { flowWalksRoutes } from './modules/flows/flow-walks.routes.ts';
import { flowsRoutes } from './modules/flows/flows.routes.ts';
import { findFlowPage } from './modules/flows/flows.service.ts';
import { googleRoutes } from './modules/identity/google.routes.ts';
import type { SignInDeps } from './modules/identity/identity.deps.ts';
import { type IdentityRateLimits, identityRoutes } from './modules/identity/identity.routes.ts';
import { nationalSignInRoutes } from './modules/identity/national-sign-in.routes.ts';
import { verificationRoutes } from './modules/identity/verification.routes.ts';
import { checkoutRoutes } from './modules/insurance/checkout.routes.ts';
import { insurerAdminRoutes } from './modules/insurance/insurer-admin.routes.ts';
import { lockTestsRoutes } from './modules/insurance/lock-tests.routes.ts';
import { onboardingRoutes } from './modules/insurance/onboarding.routes.ts';
import { payoutsRoutes } from './modules/insurance/payouts.routes.ts';
import { plateOrdersRoutes } from './modules/insurance/plate-orders.routes.ts';
import { type InsuranceRateLimits, policiesRoutes } from './modules/insurance/policies.routes.ts';
import { possessionRoutes } from './modules/insurance/possession.routes.ts';
import { reportsRoutes } from './modules/insurance/reports.routes.ts';
import { insuranceVerificationRoutes } from './modules/insurance/verification.routes.ts';
import { organisationSubscriptionRoutes } from './modules/organisations/organisation-subscriptions.routes.ts';
import {
  createWebhookDeliveryPass,
  type WebhookDeliveryPass,
} from './modules/organisations/organisation-webhooks.notifier.ts';
import { organisationWebhooksRoutes } from './modules/organisations/organisation-webhooks.routes.ts';
import type { OrganisationWebhooksDeps } from './modules/organisations/organisation-webhooks.service.ts';
import {
  type OrganisationRateLimits,
  organisationsRoutes,
} from './modules/organisations/organisations.routes.ts';
import { type OwnershipRateLimits, ownershipRoutes } from './modules/ownership/ownership.routes.ts';
import { devPlatesRoutes } from './modules/plates/plates.routes.ts';
import { stickerBatchRoutes } from './modules/plates/sticker-batches.routes.ts';
import { type CheckRateLimits, checksRoutes } from './modules/search/checks.routes.ts';
import { closeSerialRoutes } from './modules/search/close-serial.routes.ts';
import { foundMatchesRoutes } from './modules/search/found-matches.routes.ts';
import { matchFoundPickup } from './modules/search/found-matches.service.ts';
import { orgBikeSearchRoutes } from './modules/search/org-bike-search.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import {
  createUnconfirmedQuestionSweeper,
  type UnconfirmedQuestionSweeper,
} from './modules/support/support.notifier.ts';
import { type SupportRateLimits, supportRoutes } from './modules/support/support.routes.ts';
import { supportStaffRoutes } from './modules/support/support-staff.routes.ts';
import { surveyAdminRoutes } from './modules/surveys/survey-admin.routes.ts';
import { surveyExportRoutes } from './modules/surveys/survey-export.routes.ts';
import { surveysRoutes } from './modules/surveys/surveys.routes.ts';
import { type ContactOwnerRateLimits, contactOwnerRoutes } from './modules/theft/contact-owner.routes.ts';
import { itemPickupsRoutes } from './modules/theft/item-pickups.routes.ts';
import { stolenBikesRoutes } from './modules/theft/stolen-bikes.routes.ts';
import type { TheftDeps } from './modules/theft/theft.deps.ts';
import { theftPlacesRoutes } from './modules/theft/theft-places.routes.ts';
import { type TheftReportRateLimits, theftReportsRoutes } from './modules/theft/theft-reports.routes.ts';
import { theftReviewRoutes } from './modules/theft/theft-review.routes.ts';
import { trackingRoutes } from './modules/tracking/tracking.routes.ts';
import { backofficeShopRoutes } from './modules/webshop/backoffice-shop.routes.ts';
import { catalogueRoutes } from './modules/webshop/catalogue.routes.ts';
import type { CheckoutDeps } from './modules/webshop/checkout.service.ts';
import { type ClubRateLimits, clubRoutes } from './modules/webshop/club.routes.ts';
import {
  createOrderReconciler,
  type OrderReconciler,
} from './modules/webshop/order-reconciliation.notifier.ts';
import { orderRoutes } from './modules/webshop/orders.routes.ts';
import { configureReceipts } from './modules/webshop/receipt-settings.ts';
import { receiptRoutes } from './modules/webshop/receipts.routes.ts';
import { referralRoutes } from './modules/webshop/referrals.routes.ts';
import { subscriptionRoutes } from './modules/webshop/subscriptions.routes.ts';
import { reconcileVippsOrders, type VippsCheckoutDeps } from './modules/webshop/vipps-checkout.service.ts';
import { type VoucherRateLimits, voucherRoutes } from './modules/webshop/vouchers.routes.ts';
import { devWebshopRoutes, webshopRoutes } from './modules/webshop/webshop.routes.ts';
import { accessPlugin } from './platform/auth/access.ts';
import { type Authenticator, createAuthenticator } from './platform/auth/authenticate.ts';
import { loadSigningKeys, type SigningKeys } from './platform/auth/keys.ts';
import { loadFieldEncryption } from './platform/crypto/field-encryption.ts';
import { type AddressLookup, createAddressLookup, noAddressLookup } from './platform/geo/address-lookup.ts';
import { addressStandInRoutes } from './platform/geo/address-stand-in.routes.ts';
import { createGoogleSignIn } from './platform/google/google-sign-in.ts';
import { cacheControlPlugin } from './platform/http/cache-control.ts';
import { compressionPlugin } from './platform/http/compression.ts';
import { deprecationPlugin } from './platform/http/deprecation.ts';
import { registerErrorHandler } from './platform/http/error-handler.ts';
import { healthRoutes } from './platform/http/health.routes.ts';
import { idempotencyPlugin } from './platform/http/idempotency.ts';
import { childLoggerFactory, loggerOptions } from './platform/http/logging.ts';
import { metricsPlugin } from './platform/http/metrics.ts';
import { openApiPlugin } from './platform/http/openapi.ts';
import { rateLimitPlugin } from './platform/http/rate-limit.ts';
import { createReadiness, type Readiness } from './platform/http/readiness.ts';
import { requestIdOf, requestIdPlugin } from './platform/http/request-id.ts';
import { canonicalRequestTarget } from './platform/http/request-target.ts';
import { securityPlugin } from './platform/http/security.ts';
import { validatorCompiler } from './platform/http/validation.ts';
import { registerWebApp } from './platform/http/web-app.ts';
import { requestLanguagePlugin } from './platform/i18n/request-language.ts';
import { devOidcRoutes, injectFetch } from './platform/identity-provider/dev-provider.routes.ts';
import { createDevOidcProvider, DEV_OIDC_PATH } from './platform/identity-provider/dev-provider.ts';
import type { IdentityProvider } from './platform/identity-provider/identity-provider.ts';
import { createOidcIdentityProvider } from './platform/identity-provider/oidc-client.ts';
import { mailboxRoutes } from './platform/mail/mailbox.routes.ts';
import { mailgunStandInRoutes } from './platform/mail/mailgun-stand-in.routes.ts';
import {
  createMailboxTransport,
  createSmtpTransport,
  isMailboxTransport,
  type MailTransport,
} from './platform/mail/transport.ts';
import { createMailWorker, type MailWorker, type MailWorkerOptions } from './platform/mail/worker.ts';
import { type Payments, type PaymentsOptions, setUpPayments } from './platform/payments/payments.ts';
import { ownOriginFetch } from './platform/payments/provider-http.ts';
import { createInProcessHub, type RealtimeHub } from './platform/realtime/hub.ts';
import {
  type RealtimeSettings,
  realtimeRoutes,
  registerWebsocketServer,
} from './platform/realtime/realtime.routes.ts';
import { createRedisHub } from './platform/realtime/redis-hub.ts';
import { createDiskStorage } from './platform/storage/disk-storage.ts';
import type { FileStorage } from './platform/storage/file-storage.ts';
import { createS3Storage } from './platform/storage/s3-storage.ts';
import {
  createFileUrlSigner,
  type FileUrlSigner,
  loadFileUrlSecret,
} from './platform/storage/signed-urls.ts';
import { flushTraces } from './platform/telemetry/trace-context.ts';
import { onAddressProven } from './use-cases/address-proven.ts';
import { bikeReportedStolen } from './use-cases/bike-reported-stolen.ts';
import { ownerContacted } from './use-cases/owner-contacted.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseConnection;
    db: Database;
    authenticator: Authenticator;
    /** Delivers the mail outbox; server.ts starts its polling, the dev mailbox drains it on read. */
    mailWorker: MailWorker;
    mailTransportName: string;
    /** Uploaded pictures and documents (disk under DATA_DIR/files, or S3). */
    fileStorage: FileStorage;
    /** Signs and checks the expiring addresses files are served at. */
    fileUrls: FileUrlSigner;
    /** Live events to websockets: in-process, or fanned out through Redis when REDIS_URL is set. */
    realtime: RealtimeHub;
    /** Mails participants who are away about unread chat messages; server.ts starts its passes. */
    chatNotifier: ChatNotifier;
    supportSweeper: UnconfirmedQuestionSweeper;
    /** The payment provider adapters (Reepay, Vipps MobilePay), pointed at the built-in stand-ins outside production. */
    payments: Payments;
    /** Asks the card provider about orders left pending; server.ts starts its passes. */
    orderReconciler: OrderReconciler;
    /** Whether this instance should get traffic (GET /api/health/ready); server.ts drains it on SIGTERM. */
    readiness: Readiness;
    /** Times out lock commands and marks silent lock devices offline; server.ts starts its passes. */
    lockDevicePass: LockDevicePass;
    /** Clears visitors' flow answers after their retention; server.ts starts its passes. */
    flowWalkRetention: FlowWalkRetentionPass;
    /** Delivers organisations' webhook events (issue 32 §1); server.ts starts its passes. */
    webhookDelivery: WebhookDeliveryPass;
    /** Runs queued bulk imports and deletes their staged rows after retention; server.ts starts its passes. */
    bulkImportPass: BulkImportPass;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** Owned by the caller: closing the app leaves it open. */
  database: DatabaseConnection;
  /** Replaces the address services the configuration selects (tests: one that is down). */
  addressLookup?: AddressLookup;
  /** Replaces the transport the configuration selects (tests use a fake). */
  mailTransport?: MailTransport;
  mailWorker?: Pick<MailWorkerOptions, 'intervalMs' | 'maxAttempts' | 'backoffSeconds'>;
  /** Token signing keys; loaded from AUTH_* or DATA_DIR/keys when absent. */
  signingKeys?: SigningKeys;
  /** Resale certificates' signing keys; loaded from CERTIFICATE_* or DATA_DIR/keys when absent. */
  certificateKeys?: SigningKeys;
  /** Budgets of resale certificates (tests lower them). */
  certificateRateLimits?: Partial<CertificateRateLimits>;
  /** Shared client for rate limits; created from REDIS_URL when absent (and closed with the app). */
  redis?: Redis | null;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  identityRateLimits?: Partial<IdentityRateLimits>;
  /** Per-account budgets of the organisations module (tests lower them to reach them). */
  organisationRateLimits?: Partial<OrganisationRateLimits>;
  /** Budgets of checks by API per key and per organisation (tests lower them to reach them). */
  checkRateLimits?: Partial<CheckRateLimits>;
  /** Replaces the file storage the configuration selects (tests: a temporary directory). */
  fileStorage?: FileStorage;
  /** Replaces the national identity provider the configuration selects (tests: another issuer). */
  identityProvider?: IdentityProvider;
  /** Per-account budgets of the ownership module (tests lower them to reach them). */
  ownershipRateLimits?: Partial<OwnershipRateLimits>;
  /** Budgets of contacting a bike's owner (tests lower them to reach them). */
  contactOwnerRateLimits?: Partial<ContactOwnerRateLimits>;
  /** Per-account budgets of theft report drafts and submissions (tests lower them to reach them). */
  theftReportRateLimits?: Partial<TheftReportRateLimits>;
  /** The theft wizard's address look-ups per person and hour. */
  theftPlaceLookupsPerHour?: number;
  /** Replaces the realtime hub the configuration selects (Redis when there is a client, else in-process). */
  realtime?: RealtimeHub;
  /** Websocket heartbeat and limits (tests shorten the heartbeat to see a revoked session closed). */
  realtimeSettings?: Partial<RealtimeSettings>;
  /** Budgets against guessing voucher codes (tests lower them to reach them). */
  voucherRateLimits?: Partial<VoucherRateLimits>;
  /** Budgets of the club shop: membership numbers tried and orders (tests lower them to reach them). */
  clubRateLimits?: Partial<ClubRateLimits>;
  /** Budgets of support tickets and messages (tests lower them). */
  supportRateLimits?: Partial<SupportRateLimits>;
  /** Per-person budgets of insurance applications and pre-registration lookups (tests lower them). */
  insuranceRateLimits?: Partial<InsuranceRateLimits>;
  /** The clock of Idempotency-Key leases and expiry (tests move it to see a stuck key released). */
  idempotencyClock?: () => number;
  /** Payment adapters and stand-ins: transport, timeouts, webhook target and delays (tests shorten them). */
  payments?: PaymentsOptions;
  /** Lock devices' timings: command timeout, offline after, heartbeat (tests shorten them). */
  locksSettings?: Partial<LocksSettings>;
  /** Budgets of the lock device endpoints and lock commands (tests and the bench change them). */
  lockDevicesRateLimits?: Partial<LockDevicesRateLimits>;
  lockCommandsRateLimits?: Partial<LockCommandsRateLimits>;
  /** The lock devices' connections of this instance (the bench passes its own to reach the sockets). */
  deviceConnections?: DeviceConnections;
}

/**
 * The national identity provider: a configured broker, or the built-in test MitID/BankID mounted at
 * /dev/oidc (never in production; the configuration refuses it there) and reached through app.inject.
 */
async function setUpIdentityProvider(app: FastifyInstance, config: Config): Promise<IdentityProvider> {
  const settings = config.identityProvider;
  if (settings.kind === 'oidc') {
    return createOidcIdentityProvider({
      kind: 'oidc',
      clients: { mitid: settings.mitid, bankid: settings.bankid },
      log: app.log,
    });
  }
  if (config.isProduction) return createOidcIdentityProvider({ kind: 'builtin', clients: {} });
  const dev = await createDevOidcProvider({ publicUrl: config.publicUrl });
  await app.register(devOidcRoutes, { prefix: DEV_OIDC_PATH, dev, publicUrl: config.publicUrl });
  return createOidcIdentityProvider({
    kind: 'builtin',
    clients: dev.clients,
    fetch: injectFetch(app),
    allowInsecureRequests: true,
    log: app.log,
  });
}

/** Disk under DATA_DIR/files, or the S3 bucket FILE_STORAGE=s3 names. */
function createFileStorage(settings: Config['files']['storage']): FileStorage & { close?(): void } {
  return settings.kind === 's3' ? createS3Storage(settings) : createDiskStorage(settings.dir);
}

/**
 * Requests arriving before Redis answers would count on this instance alone (its stricter share of
 * each budget), so start-up waits for it briefly; an unreachable Redis is logged, not fatal.
 */
async function waitForRedis(redis: Redis, app: FastifyInstance, timeoutMs = 3000): Promise<void> {
  if (redis.status === 'ready') return;
  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (!ready) app.log.warn('redis is not reachable; rate limits are per instance (stricter) until it is');
}

const API_VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/**
 * Builds the whole HTTP application without listening: server.ts listens, tests inject.
 * Outside plugins first (security, rate limits, docs), then our routes, then the web app.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const serverOptions: FastifyServerOptions = {
    logger: loggerOptions(config, options.logStream),
    childLoggerFactory,
    genReqId: requestIdOf,
    // Fastify also takes a hop count here, which its type leaves out.
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // Every hook reads the path the router matches, whichever way the client spelled it.
    rewriteUrl: (request) => canonicalRequestTarget(request.url ?? '/'),
    // Bodies are small JSON documents; uploads get their own limits on their routes.
    bodyLimit: 1024 * 1024,
  };
  const app = Fastify(serverOptions);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // First, so that every answer carries its id and is counted, refusals included.
  await app.register(requestIdPlugin);
  await app.register(metricsPlugin, { database, listener: config.metrics });
  app.addHook('onClose', async () => flushTraces());

  const ownsRedis = options.redis === undefined && config.redisUrl !== null;
  const redis =
    options.redis ??
    (config.redisUrl
      ? new Redis(config.redisUrl, {
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          connectTimeout: 2000,
          // A Redis that hangs must not hang requests: a command unanswered by then counts as failed.
          commandTimeout: 1000,
        })
      : null);
  redis?.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
  if (ownsRedis && redis) await waitForRedis(redis, app);

  const transport =
    options.mailTransport ??
    (config.mail.transport === 'smtp' ? createSmtpTransport(config.mail.smtpUrl) : createMailboxTransport());
  const mailWorker = createMailWorker({
    db: database.db,
    transport,
    from: config.mail.from,
    logger: app.log.child({ component: 'mail-worker' }),
    ...options.mailWorker,
  });
  const signingKeys =
    options.signingKeys ??
    (await loadSigningKeys({
      privateKey: config.auth.privateKey,
      publicKey: config.auth.publicKey,
      acceptedPublicKeys: config.auth.acceptedPublicKeys,
      dataDir: config.dataDir,
    }));
  const authenticator = createAuthenticator({ db: database.db, keys: signingKeys });
  const certificatesDeps: CertificatesDeps = {
    db: database.db,
    publicUrl: config.publicUrl,
    keys:
      options.certificateKeys ??
      (await loadSigningKeys({
        use: 'certificate',
        privateKey: config.certificates.privateKey,
        acceptedPublicKeys: config.certificates.acceptedPublicKeys,
        dataDir: config.dataDir,
      })),
  };

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('authenticator', authenticator);
  app.decorate('mailWorker', mailWorker);
  app.decorate('mailTransportName', transport.name);
  const fileStorage: FileStorage & { close?(): void } =
    options.fileStorage ?? createFileStorage(config.files.storage);
  const fileUrls = createFileUrlSigner(
    await loadFileUrlSecret({ secret: config.files.urlSecret, dataDir: config.dataDir }),
    { accepted: config.files.acceptedUrlSecrets },
  );
  app.decorate('fileStorage', fileStorage);
  app.decorate('fileUrls', fileUrls);
  app.decorate(
    'readiness',
    createReadiness({
      database,
      redis,
      storage: fileStorage,
      log: app.log.child({ component: 'readiness' }),
    }),
  );
  // With Redis, events reach the sockets of every instance and presence is shared between them.
  const redisHub =
    !options.realtime && redis
      ? createRedisHub(redis, { log: app.log.child({ component: 'realtime' }) })
      : null;
  if (redisHub && redis?.status === 'ready' && !(await redisHub.waitUntilSubscribed(3000))) {
    app.log.warn('realtime: not subscribed to redis yet; events of other instances arrive once it is');
  }
  const realtime = options.realtime ?? redisHub ?? createInProcessHub();
  app.decorate('realtime', realtime);
  const chatsDeps: ChatsDeps = { db: database.db, hub: realtime, fileUrls, publicUrl: config.publicUrl };
  const chatNotifier = createChatNotifier({
    deps: chatsDeps,
    logger: app.log.child({ component: 'chat-notifier' }),
  });
  app.decorate('chatNotifier', chatNotifier);
  const supportSweeper = createUnconfirmedQuestionSweeper({
    db: database.db,
    logger: app.log.child({ component: 'support-sweeper' }),
  });
  app.decorate('supportSweeper', supportSweeper);
  // Issue 28: lock devices' sockets, commands and the docks' live channel share these deps.
  const locksDeps: LocksDeps = {
    db: database.db,
    hub: realtime,
    instanceId: redisHub?.instanceId ?? randomUUID(),
    publicUrl: config.publicUrl,
    settings: { ...DEFAULT_LOCKS_SETTINGS, ...options.locksSettings },
    log: app.log.child({ component: 'docks' }),
  };
  const lockDevicePass = createLockDevicePass({ deps: locksDeps, logger: locksDeps.log });
  app.decorate('lockDevicePass', lockDevicePass);
  const flowWalkRetention = createFlowWalkRetentionPass({
    deps: { db: database.db },
    logger: app.log.child({ component: 'flow-walks' }),
  });
  app.decorate('flowWalkRetention', flowWalkRetention);
  app.addHook('onClose', async () => flowWalkRetention.stop());
  // Seals single fields at rest (national id numbers, webhook signing secrets); one instance for the app.
  const dataEncryption = await loadFieldEncryption({
    key: config.dataEncryptionKey,
    acceptedKeys: config.dataEncryptionAcceptedKeys,
    dataDir: config.dataDir,
  });
  // Issue 32 §1: organisations' webhooks; https to the public internet only, loopback too outside production.
  const organisationWebhooksDeps: OrganisationWebhooksDeps = {
    db: database.db,
    encryption: dataEncryption,
    outbound: { allowLoopback: !config.isProduction },
  };
  const webhookDelivery = createWebhookDeliveryPass({
    ...organisationWebhooksDeps,
    logger: app.log.child({ component: 'organisation-webhooks' }),
  });
  app.decorate('webhookDelivery', webhookDelivery);
  app.addHook('onClose', async () => webhookDelivery.stop());
  const bulkImportDeps = { db: database.db, copyFrom: database.copyFrom, publicUrl: config.publicUrl };
  const bulkImportPass = createBulkImportPass({
    deps: bulkImportDeps,
    logger: app.log.child({ component: 'bulk-import' }),
  });
  app.decorate('bulkImportPass', bulkImportPass);
  app.addHook('onClose', async () => bulkImportPass.stop());
  app.addHook('onClose', async () => {
    await chatNotifier.stop();
    await supportSweeper.stop();
    await lockDevicePass.stop();
    await mailWorker.stop();
    if (!options.realtime) await realtime.close();
    await transport.close();
    if (!options.fileStorage) fileStorage.close?.();
    if (ownsRedis && redis) {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    }
  });

  await app.register(requestLanguagePlugin);
  await app.register(securityPlugin, {
    isProduction: config.isProduction,
    corsOrigins: config.corsOrigins,
    tagManager: config.tagManagerContainerId !== null,
  });
  await app.register(cacheControlPlugin);
  await app.register(deprecationPlugin);
  await app.register(rateLimitPlugin, {
    perMinute: config.rateLimit.perMinute,
    redis,
    instances: config.rateLimit.instances,
  });
  await app.register(openApiPlugin, { version: API_VERSION, publicUrl: config.publicUrl });
  await app.register(accessPlugin, { authenticator, db: database.db });
  await app.register(idempotencyPlugin, {
    db: database.db,
    fileUrls,
    ...(options.idempotencyClock ? { now: options.idempotencyClock } : {}),
  });
  await app.register(compressionPlugin);
  await registerWebsocketServer(app);

  // Registers the test issuer at /dev/google when it is the one selected (never in production).
  const googleSignIn = await createGoogleSignIn(app, config.google, config.publicUrl);

  const identityProvider = options.identityProvider ?? (await setUpIdentityProvider(app, config));

  // The payment stand-ins (/dev/reepay, /dev/vipps) are mounted here when they are the ones selected: never in
  // production, where config.ts requires the real providers' accounts.
  const payments = await setUpPayments(app, config, options.payments);
  // The Mailgun stand-in (/dev/mailgun) forwards mails to the plate-order address as a Mailgun route does.
  // The address services' stand-in (/dev/addresses): DAWA's and Kartverket's search over a sample.
  if (config.addressLookup.mode === 'stand-in' && !config.isProduction) {
    await app.register(addressStandInRoutes, { prefix: ADDRESS_STAND_IN_PATH });
  }
  const addressLookup =
    options.addressLookup ??
    (config.addressLookup.mode === 'off'
      ? noAddressLookup
      : createAddressLookup({
          dawaUrl: config.addressLookup.dawaUrl,
          kartverketUrl: config.addressLookup.kartverketUrl,
          fetch: ownOriginFetch(app, config.publicUrl),
        }));
  if (config.inboundMail.mode === 'stand-in') {
    await app.register(mailgunStandInRoutes, {
      prefix: MAILGUN_STAND_IN_PATH,
      signingKey: config.inboundMail.signingKey,
      to: config.inboundMail.plateOrderAddress,
      webhookPath: '/api/insurance/plate-orders/inbound-mail',
    });
  }
  configureReceipts({ publicUrl: config.publicUrl, sellers: config.sellers });
  app.decorate('payments', payments);
  const checkoutDeps: CheckoutDeps = {
    db: database.db,
    reepay: payments.reepay,
    publicUrl: config.publicUrl,
    log: app.log.child({ component: 'checkout' }),
  };
  const vippsCheckoutDeps: VippsCheckoutDeps = { ...checkoutDeps, vipps: payments.vipps };
  const reconciliationLog = app.log.child({ component: 'order-reconciliation' });
  const orderReconciler = createOrderReconciler({
    deps: checkoutDeps,
    logger: reconciliationLog,
    morePasses: [(now, limits) => reconcileVippsOrders(vippsCheckoutDeps, reconciliationLog, now, limits)],
  });
  app.decorate('orderReconciler', orderReconciler);
  app.addHook('onClose', async () => orderReconciler.stop());

  // Identity tells the modules above it when a person has proven their address (use-cases/address-proven.ts).
  const identityDeps: SignInDeps = {
    db: database.db,
    auth: authenticator,
    publicUrl: config.publicUrl,
    onAddressProven,
  };

  const bikesDeps: BikesDeps = {
    db: database.db,
    auth: authenticator,
    publicUrl: config.publicUrl,
    storage: fileStorage,
    fileUrls,
    stickerGtin: config.stickerGtin,
  };

  // Outside the /api plugin below, so a probe never waits for its per-request work (manufacturer codes).
  await app.register(healthRoutes, { prefix: '/api', readiness: app.readiness });
  await app.register(certificateKeysRoutes, { deps: certificatesDeps });
  await app.register(
    async (api) => {
      // The frame-number check reads the manufacturer-code table from memory: (re)load it when it is
      // missing or a minute old (an edit made here reloads it at once).
      api.addHook('onRequest', async (request) =>
        refreshManufacturerCodes(database.db, { log: request.log }),
      );
      await api.register(realtimeRoutes, {
        deps: { db: database.db, hub: realtime, keys: signingKeys },
        ...(options.realtimeSettings ? { settings: options.realtimeSettings } : {}),
      });
      await api.register(identityRoutes, {
        // File storage: deleting an account deletes its bikes' pictures and documents.
        deps: { ...identityDeps, storage: fileStorage, fileUrls },
        ...(options.identityRateLimits ? { rateLimits: options.identityRateLimits } : {}),
      });
      await api.register(trackingRoutes, {
        db: database.db,
        tagManagerContainerId: config.tagManagerContainerId,
      });
      await api.register(verificationRoutes, {
        deps: {
          db: database.db,
          auth: authenticator,
          publicUrl: config.publicUrl,
          identityProvider,
          allowAutotestSkip: config.identityProvider.allowAutotestSkip,
        },
      });
      await api.register(organisationsRoutes, {
        deps: { db: database.db, auth: authenticator, publicUrl: config.publicUrl },
        ...(options.organisationRateLimits ? { rateLimits: options.organisationRateLimits } : {}),
      });
      await api.register(organisationWebhooksRoutes, { deps: organisationWebhooksDeps });
      // Issue 29 §1: the commuter survey (organisations' admins and the people answering).
      await api.register(surveysRoutes, { deps: { db: database.db } });
      await api.register(surveyAdminRoutes, { deps: { db: database.db } });
      await api.register(surveyExportRoutes, { deps: { db: database.db } });
      await api.register(googleRoutes, {
        deps: { ...identityDeps, google: googleSignIn },
      });
      await api.register(nationalSignInRoutes, { deps: { ...identityDeps, identityProvider } });
      await api.register(backofficeRoutes, {
        deps: { db: database.db, auth: authenticator, publicUrl: config.publicUrl },
      });
      await api.register(bulkImportRoutes, { deps: bulkImportDeps });
      await api.register(contentPagesRoutes, { deps: { db: database.db } });
      await api.register(regionPagesRoutes, { deps: { db: database.db } });
      await api.register(flowsRoutes, { deps: { db: database.db } });
      await api.register(flowWalksRoutes, { deps: { db: database.db } });
      await api.register(flowImagesRoutes, { deps: { db: database.db, storage: fileStorage } });
      await api.register(manufacturerCodeRoutes, { deps: { db: database.db } });
      await api.register(stickerBatchRoutes, {
        deps: { db: database.db, publicUrl: config.publicUrl, stickerGtin: config.stickerGtin },
      });
      await api.register(bikeEquipmentRoutes, { deps: bikesDeps });
      await api.register(searchRoutes, { deps: { db: database.db, fileUrls } });
      // Issue 32 §1: checks by API with an organisation's key (keys: organisations' routes).
      await api.register(checksRoutes, { deps: { db: database.db }, rateLimits: options.checkRateLimits });
      await api.register(bikesRoutes, { deps: bikesDeps });
      // Issue 32 §4: resale certificates (their keys are published at the root, below).
      await api.register(resaleCertificatesRoutes, {
        deps: certificatesDeps,
        rateLimits: options.certificateRateLimits,
      });
      await api.register(webshopRoutes, { deps: { db: database.db } });
      await api.register(catalogueRoutes, { deps: { db: database.db } });
      await api.register(backofficeShopRoutes, { deps: { db: database.db } });
      await api.register(orderRoutes, {
        deps: vippsCheckoutDeps,
        voucherRateLimits: options.voucherRateLimits,
      });
      await api.register(receiptRoutes, { deps: checkoutDeps });
      await api.register(referralRoutes, { deps: { db: database.db, publicUrl: config.publicUrl } });
      await api.register(organisationSubscriptionRoutes, { deps: checkoutDeps });
      await api.register(subscriptionRoutes, { deps: checkoutDeps });
      await api.register(voucherRoutes, { deps: { db: database.db }, rateLimits: options.voucherRateLimits });
      await api.register(clubRoutes, { deps: vippsCheckoutDeps, rateLimits: options.clubRateLimits });
      const insuranceDeps = {
        db: database.db,
        fileUrls,
        publicUrl: config.publicUrl,
        encryption: dataEncryption,
      };
      await api.register(policiesRoutes, { deps: insuranceDeps, rateLimits: options.insuranceRateLimits });
      // Issue 16 §2: signing up for insurance (the onboarding draft, the covers, the holder's checkout).
      await api.register(onboardingRoutes, { deps: insuranceDeps });
      await api.register(checkoutRoutes, { deps: insuranceDeps });
      await api.register(possessionRoutes, { deps: insuranceDeps });
      await api.register(insuranceVerificationRoutes, { deps: insuranceDeps });
      await api.register(lockTestsRoutes, { deps: insuranceDeps });
      await api.register(plateOrdersRoutes, {
        deps: insuranceDeps,
        inbound: {
          ...config.inboundMail,
          enabled:
            config.inboundMail.mode !== 'off' &&
            acceptedWebhookSecrets(config, [config.inboundMail.signingKey]).length > 0,
        },
      });
      // The insurer's admin, reports and payouts (issue 16 §4).
      await api.register(insurerAdminRoutes, { deps: { db: database.db, publicUrl: config.publicUrl } });
      await api.register(reportsRoutes, { deps: { db: database.db } });
      await api.register(payoutsRoutes, {
        deps: { db: database.db, storage: fileStorage, log: app.log.child({ component: 'insurance' }) },
      });
      await api.register(ownershipRoutes, {
        deps: {
          db: database.db,
          hub: realtime,
          fileUrls,
          publicUrl: config.publicUrl,
          storage: fileStorage,
          log: app.log.child({ component: 'ownership' }),
        },
        ...(options.ownershipRateLimits ? { rateLimits: options.ownershipRateLimits } : {}),
      });
      await api.register(chatsRoutes, { deps: chatsDeps });
      // Issue 17 §3: the police, municipalities and insurers search the register in their work.
      await api.register(orgBikeSearchRoutes, { deps: chatsDeps });
      // Issue 32 §3: close serials for the police (an option of the search above) and our staff.
      await api.register(closeSerialRoutes, { db: database.db });
      // Issue 32 §2: "possibly yours", found bikes against stolen ones (staff and the owner's notices).
      await api.register(foundMatchesRoutes, { deps: chatsDeps });
      const theftDeps: TheftDeps = {
        ...chatsDeps,
        storage: fileStorage,
        encryption: dataEncryption,
        mapStyleUrl: config.mapStyleUrl,
        addressLookup,
        onOwnerContacted: ownerContacted(config.publicUrl),
        onBikeReportedStolen: bikeReportedStolen,
        // Issue 32 §2: a found, taken-in or dock-left bike is held against the open theft reports.
        onBikeFound: (executor, found) => matchFoundPickup(executor, config.publicUrl, found),
        log: app.log.child({ component: 'theft' }),
      };
      await api.register(theftReportsRoutes, {
        deps: theftDeps,
        ...(options.theftReportRateLimits ? { rateLimits: options.theftReportRateLimits } : {}),
      });
      await api.register(stolenBikesRoutes, { deps: theftDeps });
      await api.register(theftPlacesRoutes, {
        deps: theftDeps,
        ...(options.theftPlaceLookupsPerHour ? { lookupsPerHour: options.theftPlaceLookupsPerHour } : {}),
      });
      await api.register(contactOwnerRoutes, {
        deps: theftDeps,
        rateLimits: {
          visitorContactsPerHour: config.rateLimit.visitorContactsPerHour,
          ...options.contactOwnerRateLimits,
        },
      });
      await api.register(itemPickupsRoutes, { deps: theftDeps });
      // Issue 28: docks and smart locks (the person's docks, the operator's side, the public GBFS feed).
      await api.register(docksRoutes, { deps: theftDeps });
      await api.register(gbfsRoutes, { deps: theftDeps });
      // Issue 17 §2: support tickets, asked in /support/chat and answered in the backoffice.
      const supportDeps = { db: database.db, hub: realtime, signer: fileUrls, publicUrl: config.publicUrl };
      await api.register(supportRoutes, {
        deps: supportDeps,
        ...(options.supportRateLimits ? { rateLimits: options.supportRateLimits } : {}),
      });
      await api.register(supportStaffRoutes, { deps: supportDeps });
      await api.register(theftReviewRoutes, { deps: theftDeps });
      // Issue 28, the register's side of docks: where a stolen bike was last locked, for its owner.
      await api.register(dockHistoryRoutes, { deps: { db: database.db } });
      // Issue 28: lock devices (pairing, their websocket), lock commands and a dock's live channel.
      await api.register(lockDevicesRoutes, {
        deps: locksDeps,
        rateLimits: options.lockDevicesRateLimits,
        connections: options.deviceConnections,
      });
      await api.register(lockCommandsRoutes, { deps: locksDeps, rateLimits: options.lockCommandsRateLimits });
      await api.register(dockLiveRoutes, { deps: locksDeps, keys: signingKeys });
      await api.register(bikeFilesRoutes, {
        deps: {
          db: database.db,
          storage: fileStorage,
          fileUrls,
          log: app.log.child({ component: 'bike-files' }),
        },
      });
    },
    { prefix: '/api' },
  );

  // Stand-ins' windows exist only outside production, so they can never leak data there; and only
  // while the stand-in is the one selected: with SMTP_URL the outbox holds real mail (reset links).
  if (!config.isProduction && config.mail.transport === 'mailbox' && isMailboxTransport(transport)) {
    await app.register(mailboxRoutes, { prefix: '/dev/mailbox', mailbox: transport });
  }
  // Stand-ins for granting credits without buying (tests, demos) and for printing stickers.
  if (!config.isProduction) {
    await app.register(devWebshopRoutes, { prefix: '/dev', deps: { db: database.db } });
    await app.register(devChatsRoutes, { prefix: '/dev' });
    await app.register(devPlatesRoutes, {
      prefix: '/dev',
      deps: { db: database.db, publicUrl: config.publicUrl, stickerGtin: config.stickerGtin },
    });
  }

  await registerWebApp(app, {
    distDir: config.webDistDir,
    serveSourceMaps: !config.isProduction,
    // Pages that are data staff publish: 200 when the region page or the flow exists, 404 when it
    // does not. Region pages first: `/dk` and `/no` are reserved as flow memos, never a flow's.
    findDataPage: async (pathname) =>
      (await findRegionPage({ db: database.db }, pathname)) ?? findFlowPage({ db: database.db }, pathname),
  });
  return app;
}
