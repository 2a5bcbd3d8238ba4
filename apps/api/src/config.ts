import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VISITOR_CONTACTS_PER_HOUR } from '@nbr/domain/finds';
import { DEFAULT_STICKER_GTIN, isValidGtin14 } from '@nbr/domain/plates';
import { z } from 'zod';
import { DEFAULT_POSTGRES_SETTINGS, type PostgresSettings } from './db/postgres-settings.ts';

/** The repository root, so relative defaults do not depend on the directory the process starts in. */
const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const url = (protocols: readonly string[]) =>
  z
    .url({ error: 'must be a URL' })
    .refine((value) => !URL.canParse(value) || protocols.includes(new URL(value).protocol), {
      error: `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    });

/** Space-separated `acr` values (URIs or short names, as the broker publishes them). */
const acrValues = z
  .string()
  .trim()
  .transform((value) => value.split(/\s+/).filter(Boolean))
  .pipe(
    z
      .array(
        z
          .string()
          .max(300)
          .regex(/^[\x21-\x7e]+$/, { error: 'must be printable ASCII' }),
      )
      .max(10),
  );

/** Unset and empty both mean "not configured", as in most deployment tools. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * Every environment variable the API reads. Each is documented once, here, and listed in README.md.
 */
const EnvSchema = z.object({
  /** TCP port the server listens on. */
  PORT: optional(z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535)).default(3000),
  /**
   * Interface to bind; 0.0.0.0 serves every interface. Default: 0.0.0.0 in production, 127.0.0.1
   * otherwise, since development and test serve the mailbox and test sign-ins to whoever reaches them.
   */
  HOST: optional(z.string().min(1)),
  /** Directory for PGlite files, uploaded files and generated keys; resolved to an absolute path. */
  DATA_DIR: optional(z.string().min(1)).default('./data'),
  /**
   * PostgreSQL connection string; unset runs the embedded PGlite under DATA_DIR/pglite. TLS to a
   * managed server: `?sslmode=verify-full` (and `sslrootcert=<file>` for a private CA).
   */
  DATABASE_URL: optional(url(['postgres:', 'postgresql:'])),
  /** Connections each instance opens to PostgreSQL at most. */
  DATABASE_POOL_MAX: optional(z.coerce.number({ error: 'must be a number' }).int().min(1).max(1000)).default(
    DEFAULT_POSTGRES_SETTINGS.maxConnections,
  ),
  /** A request without a database connection after this long (opening one, or waiting for a free one) answers 503. */
  DATABASE_CONNECT_TIMEOUT_MS: optional(
    z.coerce.number({ error: 'must be a number' }).int().min(100).max(600_000),
  ).default(DEFAULT_POSTGRES_SETTINGS.connectTimeoutMs),
  /**
   * PostgreSQL's statement_timeout: a statement running longer is cancelled and its request answers
   * 503; the API stops waiting for a server that does not answer at all 2 s later. 0: no limit.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: optional(
    z.coerce.number({ error: 'must be a number' }).int().min(0).max(86_400_000),
  ).default(DEFAULT_POSTGRES_SETTINGS.statementTimeoutMs),
  /** PostgreSQL's idle_in_transaction_session_timeout: a session idle in an open transaction this long is ended. 0: no limit. */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: optional(
    z.coerce.number({ error: 'must be a number' }).int().min(0).max(86_400_000),
  ).default(DEFAULT_POSTGRES_SETTINGS.idleInTransactionTimeoutMs),
  /**
   * PgBouncer (or another pooler) in transaction mode sits between the API and PostgreSQL: the API
   * then sends no session settings when it connects (PgBouncer refuses them), and the two timeouts
   * above are set on the database role instead (docs/operations.md, "The database").
   */
  DATABASE_BEHIND_POOLER: optional(booleanFlag).default(DEFAULT_POSTGRES_SETTINGS.behindPooler),
  /** The address users reach the product at; used in links in mails and QR codes. */
  PUBLIC_URL: optional(url(['http:', 'https:'])),
  /** SMTP server for outgoing mail (smtp:// or smtps://); unset keeps mail in the built-in /dev/mailbox. */
  SMTP_URL: optional(url(['smtp:', 'smtps:'])),
  /** Sender of every mail, e.g. `Cykelregister <noreply@cykelregister.dk>`. */
  MAIL_FROM: optional(z.string().min(3)).default('Nordic Bike Registry <noreply@cykelregister.dk>'),
  /**
   * Mailgun's webhook signing key, for mail forwarded by a Mailgun route (insurers' plate orders).
   * Unset outside production selects the built-in stand-in at /dev/mailgun; unset in production
   * turns ordering plates by e-mail off.
   */
  MAILGUN_WEBHOOK_SIGNING_KEY: optional(z.string().trim().min(1)),
  /** The address insurers mail their plate orders to (a Mailgun route forwards it to the API). */
  INBOUND_PLATE_ORDER_ADDRESS: optional(z.email()).default('oblater@cykelregister.dk'),
  /** Redis for rate limits shared between API instances; unset keeps them in memory. */
  REDIS_URL: optional(url(['redis:', 'rediss:'])),
  /** development | test | production; production disables /dev/* and refuses stand-ins. */
  NODE_ENV: optional(z.enum(['development', 'test', 'production'])).default('development'),
  /** pino log level. */
  LOG_LEVEL: optional(z.enum(LOG_LEVELS)),
  /** Comma-separated origins allowed to call the API from another site; none by default. */
  CORS_ORIGINS: optional(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .refine(
        (origins) => origins.every((origin) => URL.canParse(origin) && new URL(origin).origin === origin),
        {
          error: 'must be a comma-separated list of origins like https://example.org',
        },
      ),
  ).default([]),
  /** Trust X-Forwarded-* from a proxy: true, false, a hop count or a comma list of addresses. */
  TRUST_PROXY: optional(z.string()).default('false'),
  /** Allows a built-in stand-in (such as the mailbox instead of SMTP) in production. */
  ALLOW_STAND_INS_IN_PRODUCTION: optional(booleanFlag).default(false),
  /**
   * Development and test mode serve test sign-ins (MitID, BankID, Google that sign anyone in), the
   * mailbox and demo accounts with a published password. They therefore refuse a PUBLIC_URL that is
   * not on this machine, unless this is set for a test server on a private network.
   */
  ALLOW_DEVELOPMENT_ON_PUBLIC_HOST: optional(booleanFlag).default(false),
  /** Directory of the built web app that the API serves with an SPA fallback; default apps/web/dist. */
  WEB_DIST_DIR: optional(z.string().min(1)),
  /** Requests per minute per client address to /api and /dev before 429 rate_limited. */
  RATE_LIMIT_PER_MINUTE: optional(z.coerce.number({ error: 'must be a number' }).int().min(1)).default(600),
  /** Requests per minute per client address to each sensitive route (log-in, sign-up, password reset). */
  RATE_LIMIT_SENSITIVE_PER_MINUTE: optional(
    z.coerce.number({ error: 'must be a number' }).int().min(1),
  ).default(10),
  /**
   * Requests per minute per client address to the public register lookups (GET /api/search and the
   * sticker scan GET /api/stickers/{id}), in place of RATE_LIMIT_PER_MINUTE: enough for a person, too
   * few to harvest the register.
   */
  RATE_LIMIT_SEARCH_PER_MINUTE: optional(z.coerce.number({ error: 'must be a number' }).int().min(1)).default(
    60,
  ),
  /**
   * Messages a visitor without an account may send to owners of stolen bikes per hour from one
   * client address (POST /api/bikes/{id}/contact-owner): enough for a finder, too few to spam owners.
   */
  RATE_LIMIT_VISITOR_CONTACTS_PER_HOUR: optional(
    z.coerce.number({ error: 'must be a number' }).int().min(1),
  ).default(VISITOR_CONTACTS_PER_HOUR),
  /** Ed25519 private key signing session tokens (PEM PKCS#8 or JWK); unset generates one under DATA_DIR/keys. */
  AUTH_PRIVATE_KEY: optional(z.string().trim().min(1)),
  /** Its public key (PEM SPKI or JWK); derived from the private key when unset. */
  AUTH_PUBLIC_KEY: optional(z.string().trim().min(1)),
  /**
   * Who checks national digital identities (MitID, BankID): `builtin` is the test MitID/BankID served
   * at /dev/oidc (never in production); `oidc` is a real OpenID Connect broker configured below.
   * Default: `oidc` when an issuer below is set or in production, else `builtin`. In production with
   * no broker configured, verification answers 503 identity_provider_unavailable.
   */
  IDENTITY_PROVIDER: optional(z.enum(['builtin', 'oidc'], { error: 'must be builtin or oidc' })),
  /** OpenID Connect issuer of the MitID broker (Denmark), e.g. `https://dk.broker.example/`. */
  MITID_ISSUER: optional(url(['https:'])),
  /** Our client id at the MitID broker. */
  MITID_CLIENT_ID: optional(z.string().trim().min(1)),
  /** Our client secret at the MitID broker (client_secret_basic). */
  MITID_CLIENT_SECRET: optional(z.string().trim().min(1)),
  /**
   * Space-separated assurance levels (`acr`) accepted from the MitID broker, e.g.
   * `https://data.gov.dk/concept/core/nsis/loa/Substantial https://data.gov.dk/concept/core/nsis/loa/High`.
   * Sent as `acr_values`; an ID token with another `acr` fails the check. Unset: the broker's default.
   */
  MITID_ACR_VALUES: optional(acrValues),
  /** OpenID Connect issuer of the BankID broker (Norway). */
  BANKID_ISSUER: optional(url(['https:'])),
  /** Our client id at the BankID broker. */
  BANKID_CLIENT_ID: optional(z.string().trim().min(1)),
  /** Our client secret at the BankID broker (client_secret_basic). */
  BANKID_CLIENT_SECRET: optional(z.string().trim().min(1)),
  /** Space-separated assurance levels (`acr`) accepted from the BankID broker; as MITID_ACR_VALUES. */
  BANKID_ACR_VALUES: optional(acrValues),
  /**
   * Lets accounts whose e-mail starts with `autotest+` skip the national identity check (automated
   * tests against a deployed stack). Refused in production.
   */
  ALLOW_AUTOTEST_IDENTITY_SKIP: optional(booleanFlag).default(false),
  /**
   * OAuth client id of the web app at Google; tokens must name it as their audience. Unset outside
   * production selects the built-in test issuer at /dev/google; unset in production turns Google
   * sign-in off.
   */
  GOOGLE_CLIENT_ID: optional(z.string().trim().min(1)),
  /** `iss` of Google's ID tokens (for Google itself `accounts.google.com` is accepted too). */
  GOOGLE_ISSUER: optional(url(['https:', 'http:'])).default('https://accounts.google.com'),
  /** Where the issuer publishes the keys that sign its ID tokens. */
  GOOGLE_JWKS_URL: optional(url(['https:', 'http:'])).default('https://www.googleapis.com/oauth2/v3/certs'),
  /** Google's authorization endpoint, where the web app sends the browser to sign in. */
  GOOGLE_AUTHORIZATION_URL: optional(url(['https:', 'http:'])).default(
    'https://accounts.google.com/o/oauth2/v2/auth',
  ),
  /**
   * Secret that signs the addresses of uploaded pictures and documents (they expire after an hour).
   * Every API instance needs the same one; unset generates one under DATA_DIR/keys.
   */
  FILE_URL_SECRET: optional(z.string().trim().min(32, { error: 'must be at least 32 characters' })),
  /**
   * Where uploaded pictures and documents are kept: `disk` (DATA_DIR/files, one API instance) or
   * `s3` (an S3-compatible bucket shared by every instance). Default: `s3` when S3_BUCKET is set.
   */
  FILE_STORAGE: optional(z.enum(['disk', 's3'], { error: 'must be disk or s3' })),
  /** Address of an S3-compatible service (MinIO, Ceph, R2…); unset means AWS S3 itself. */
  S3_ENDPOINT: optional(url(['https:', 'http:'])),
  /** Region of the bucket, e.g. `eu-north-1` (most other services accept `us-east-1` or `auto`). */
  S3_REGION: optional(z.string().trim().min(1)),
  /** The bucket; keep it private: files are served through the API's signed addresses. */
  S3_BUCKET: optional(z.string().trim().min(1)),
  /** Access key; with S3_SECRET_ACCESS_KEY, or neither for the SDK's default chain (an IAM role). */
  S3_ACCESS_KEY_ID: optional(z.string().trim().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().trim().min(1)),
  /** Bucket in the path (`endpoint/bucket/key`) instead of the host name; most self-hosted services need it. */
  S3_FORCE_PATH_STYLE: optional(booleanFlag).default(false),
  /**
   * Key encrypting sensitive fields at rest (the national id number of a theft report): 32 random
   * bytes, base64 (`openssl rand -base64 32`). Every API instance needs the same one; unset
   * generates one under DATA_DIR/keys. Losing it makes those fields unreadable.
   */
  DATA_ENCRYPTION_KEY: optional(
    z
      .string()
      .trim()
      .refine((value) => /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, 'base64').length === 32, {
        error: 'must be 32 bytes, base64',
      }),
  ),
  /**
   * MapLibre style of the stolen-bike map's basemap (a style.json address with real tiles). Unset:
   * the built-in offline basemap of Denmark and Norway (Natural Earth), good to about zoom 7.
   */
  MAP_STYLE_URL: optional(url(['https:', 'http:'])),
  /** GTIN-14 of the sticker product: the `01` part of the GS1 Digital Link printed in every QR sticker. */
  STICKER_GTIN: optional(
    z
      .string()
      .trim()
      .refine((value) => isValidGtin14(value), { error: 'must be 14 digits with a valid GS1 check digit' }),
  ).default(DEFAULT_STICKER_GTIN),
  /**
   * The seller printed on every receipt (payments.md §4.2), per region: name, postal address and
   * CVR number (Denmark, 8 digits) or organisation number (Norway, 9 digits, printed with "MVA").
   */
  SELLER_DK_NAME: optional(z.string().trim().min(1).max(120)).default('Nordic Bike Registry ApS'),
  SELLER_DK_ADDRESS: optional(z.string().trim().min(1).max(200)).default('Vesterbrogade 1, 1620 København V'),
  SELLER_DK_CVR: optional(
    z
      .string()
      .trim()
      .regex(/^\d{8}$/, { error: 'must be 8 digits' }),
  ).default('12345678'),
  SELLER_NO_NAME: optional(z.string().trim().min(1).max(120)).default('Nordic Bike Registry AS'),
  SELLER_NO_ADDRESS: optional(z.string().trim().min(1).max(200)).default('Karl Johans gate 1, 0154 Oslo'),
  SELLER_NO_ORG_NR: optional(
    z
      .string()
      .trim()
      .regex(/^\d{9}$/, { error: 'must be 9 digits' }),
  ).default('912345678'),
  /**
   * Reepay/Frisbii (card payments and subscriptions): the private API key `priv_…` (HTTP Basic user).
   * Unset outside production selects the built-in stand-in at /dev/reepay; required in production.
   */
  REEPAY_PRIVATE_KEY: optional(z.string().trim().min(1)),
  /** The webhook secret (Reepay admin: Webhooks → Secret key) that signs `timestamp + id` of every webhook. */
  REEPAY_WEBHOOK_SECRET: optional(z.string().trim().min(1)),
  /** Reepay's REST API (invoices, charges, subscriptions, refunds). */
  REEPAY_API_URL: optional(url(['https:', 'http:'])).default('https://api.reepay.com'),
  /** Reepay's Checkout API (payment window sessions). */
  REEPAY_CHECKOUT_API_URL: optional(url(['https:', 'http:'])).default('https://checkout-api.reepay.com'),
  /** Where the built-in Reepay stand-in sends its webhooks; default PUBLIC_URL/api/webshop/webhooks/reepay. */
  REEPAY_STAND_IN_WEBHOOK_URL: optional(url(['https:', 'http:'])),
  /**
   * Vipps MobilePay ePayment (the club variant): `client_id` of the sales unit. With the four below;
   * unset outside production selects the built-in stand-in at /dev/vipps; required in production.
   */
  VIPPS_CLIENT_ID: optional(z.string().trim().min(1)),
  /** `client_secret` of the sales unit. */
  VIPPS_CLIENT_SECRET: optional(z.string().trim().min(1)),
  /** `Ocp-Apim-Subscription-Key` of the sales unit. */
  VIPPS_SUBSCRIPTION_KEY: optional(z.string().trim().min(1)),
  /** `Merchant-Serial-Number` (MSN) of the sales unit, 4–6 digits. */
  VIPPS_MERCHANT_SERIAL_NUMBER: optional(
    z
      .string()
      .trim()
      .regex(/^[0-9]{4,6}$/, { error: 'must be 4 to 6 digits' }),
  ),
  /** The `secret` answered when our webhook was registered (POST /webhooks/v1/webhooks); signs every webhook. */
  VIPPS_WEBHOOK_SECRET: optional(z.string().trim().min(1)),
  /** Vipps MobilePay's API: `https://api.vipps.no`, or `https://apitest.vipps.no` with test keys. */
  VIPPS_API_URL: optional(url(['https:', 'http:'])).default('https://api.vipps.no'),
  /** Where the built-in Vipps MobilePay stand-in sends its webhooks; default PUBLIC_URL/api/webshop/webhooks/vipps. */
  VIPPS_STAND_IN_WEBHOOK_URL: optional(url(['https:', 'http:'])),
  /*
   * Further authentication settings (token lifetime and the like) belong here, next to the rest,
   * so that one parse reports every bad variable.
   */
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database:
    | { kind: 'pglite'; dataDir: string }
    | { kind: 'postgres'; url: string; settings: PostgresSettings };
  publicUrl: string;
  mail: { transport: 'smtp'; smtpUrl: string; from: string } | { transport: 'mailbox'; from: string };
  redisUrl: string | null;
  nodeEnv: 'development' | 'test' | 'production';
  isProduction: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  corsOrigins: string[];
  trustProxy: boolean | number | string;
  allowStandInsInProduction: boolean;
  webDistDir: string;
  rateLimit: {
    perMinute: number;
    sensitivePerMinute: number;
    searchPerMinute: number;
    visitorContactsPerHour: number;
  };
  /** Token signing keys; both undefined means generate and keep them under DATA_DIR/keys. */
  auth: { privateKey: string | undefined; publicKey: string | undefined };
  identityProvider: IdentityProviderConfig;
  /** Google sign-in: a configured issuer, the built-in test issuer at /dev/google, or off. */
  google: GoogleConfig;
  /** Uploaded files: where they are kept and the secret their signed addresses use. */
  files: { urlSecret: string | undefined; storage: FileStorageConfig };
  stickerGtin: string;
  /** DATA_ENCRYPTION_KEY; undefined means generate and keep one under DATA_DIR/keys. */
  dataEncryptionKey: string | undefined;
  /** MAP_STYLE_URL; null means the built-in offline basemap. */
  mapStyleUrl: string | null;
  /** The payment providers: configured accounts, or the built-in stand-ins (never in production). */
  payments: PaymentsConfig;
  /** Inbound mail (insurers' plate orders): Mailgun's signed forwards, the stand-in, or off. */
  inboundMail: InboundMailConfig;
  /** The seller named on receipts, per region (SELLER_*). */
  sellers: SellersConfig;
}

export interface InboundMailConfig {
  mode: 'provider' | 'stand-in' | 'off';
  /** The key Mailgun signs its forwards with (the stand-in's published one in stand-in mode). */
  signingKey: string;
  /** The address plate orders are mailed to, lower-case. */
  plateOrderAddress: string;
}

/** The built-in Mailgun stand-in's signing key: published, so it is never used in production. */
export const STAND_IN_MAILGUN_SIGNING_KEY = 'key-stand-in-mailgun-webhook-signing';
export const MAILGUN_STAND_IN_PATH = '/dev/mailgun';

/** Who sells, as a receipt prints it: `vatNumber` is the CVR number (dk) or the org.nr (no). */
export interface SellerConfig {
  name: string;
  address: string;
  vatNumber: string;
}
export type SellersConfig = Record<'dk' | 'no', SellerConfig>;

/**
 * One payment provider: its real API (`provider`), or the built-in stand-in under /dev that serves
 * the same API surface (`stand-in`; development and test only). The adapter is the same for both.
 */
export interface PaymentsConfig {
  reepay: {
    mode: 'provider' | 'stand-in';
    privateKey: string;
    webhookSecret: string;
    apiUrl: string;
    checkoutApiUrl: string;
    /** Stand-in only: where its webhooks go. */
    standInWebhookUrl: string;
  };
  vipps: {
    mode: 'provider' | 'stand-in';
    clientId: string;
    clientSecret: string;
    subscriptionKey: string;
    merchantSerialNumber: string;
    webhookSecret: string;
    apiUrl: string;
    /** Stand-in only: where its webhooks go. */
    standInWebhookUrl: string;
  };
}

/** Credentials of the built-in payment stand-ins: published, so they are refused in production. */
export const STAND_IN_PAYMENT_CREDENTIALS = {
  reepay: { privateKey: 'priv_stand_in_0000000000000000', webhookSecret: 'webhook_secret_stand_in_reepay' },
  vipps: {
    clientId: 'stand-in-client',
    clientSecret: 'stand-in-client-secret',
    subscriptionKey: 'stand-in-subscription-key',
    merchantSerialNumber: '123456',
    webhookSecret: 'webhook_secret_stand_in_vipps',
  },
} as const;

/** Where the stand-ins are mounted (app.ts registers them there outside production). */
export const REEPAY_STAND_IN_PATH = '/dev/reepay';
export const VIPPS_STAND_IN_PATH = '/dev/vipps';

export type FileStorageConfig =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | null;
      /** Null: the SDK's default credential chain (environment, IAM role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
      forcePathStyle: boolean;
    };

/** One OpenID Connect client registration at a national identity broker. */
export interface OidcClientConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accepted `acr` values; empty: the broker's default. */
  acrValues: string[];
}

export type IdentityProviderConfig = {
  /** `autotest+` accounts may skip the check (never in production). */
  allowAutotestSkip: boolean;
} & (
  | { kind: 'builtin' }
  /** A provider left unconfigured answers identity_provider_unavailable. */
  | { kind: 'oidc'; mitid: OidcClientConfig | null; bankid: OidcClientConfig | null }
);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function parseTrustProxy(value: string): boolean | number | string {
  const lower = value.trim().toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false' || lower === '') return false;
  if (/^\d+$/.test(lower)) return Number(lower);
  return value;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopbackUrl(value: string): boolean {
  if (!URL.canParse(value)) return true; // reported by the schema
  const host = new URL(value).hostname.toLowerCase();
  return LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Secrets development generates under DATA_DIR/keys when unset. Several production instances would
 * each generate their own, so production refuses to start without them.
 */
const PRODUCTION_SECRETS = ['AUTH_PRIVATE_KEY', 'FILE_URL_SECRET', 'DATA_ENCRYPTION_KEY'] as const;
const SECRET_USES: Record<(typeof PRODUCTION_SECRETS)[number], string> = {
  AUTH_PRIVATE_KEY: 'session tokens',
  FILE_URL_SECRET: 'file addresses',
  DATA_ENCRYPTION_KEY: 'encrypted fields',
};

/**
 * A deployment that forgets NODE_ENV=production would otherwise serve test sign-ins for any
 * account and a demo admin with a published password; production fetches Google's keys over TLS.
 */
function deploymentModeProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const isProduction = env.NODE_ENV === 'production';
  const allowsPublicHost = ['true', '1', 'yes'].includes(env.ALLOW_DEVELOPMENT_ON_PUBLIC_HOST ?? '');
  if (!isProduction && env.PUBLIC_URL && !isLoopbackUrl(env.PUBLIC_URL) && !allowsPublicHost) {
    problems.push(
      `PUBLIC_URL: ${env.PUBLIC_URL} is not on this machine, but NODE_ENV is ${env.NODE_ENV || 'development'}, which serves test sign-ins and demo accounts; set NODE_ENV=production, or ALLOW_DEVELOPMENT_ON_PUBLIC_HOST=true for a private test server`,
    );
  }
  if (isProduction) {
    for (const name of PRODUCTION_SECRETS) {
      if (!env[name]?.trim()) {
        problems.push(
          `${name}: must be set in production; every instance needs the same one, and one generated per instance would make the others' ${SECRET_USES[name]} unreadable`,
        );
      }
    }
    for (const name of ['GOOGLE_ISSUER', 'GOOGLE_JWKS_URL', 'GOOGLE_AUTHORIZATION_URL']) {
      const value = env[name];
      if (value && URL.canParse(value) && new URL(value).protocol !== 'https:') {
        problems.push(`${name}: must be an https:// address in production`);
      }
    }
  }
  return problems;
}

/**
 * Parses the environment once. Fails with one error naming every bad variable, so a misconfigured
 * deployment is fixed in one round trip.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  const productionWithMailbox =
    env.NODE_ENV === 'production' &&
    !env.SMTP_URL &&
    !['true', '1', 'yes'].includes(env.ALLOW_STAND_INS_IN_PRODUCTION ?? '');
  if (productionWithMailbox) {
    problems.push(
      'SMTP_URL: must be set in production (the built-in mailbox is a stand-in); set ALLOW_STAND_INS_IN_PRODUCTION=true to allow it',
    );
  }
  if (env.AUTH_PUBLIC_KEY?.trim() && !env.AUTH_PRIVATE_KEY?.trim()) {
    problems.push('AUTH_PUBLIC_KEY: is set without AUTH_PRIVATE_KEY');
  }
  problems.push(
    ...identityProviderProblems(env),
    ...deploymentModeProblems(env),
    ...fileStorageProblems(env),
    ...paymentProblems(env),
  );
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;

  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          settings: {
            maxConnections: e.DATABASE_POOL_MAX,
            connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
            statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
            idleInTransactionTimeoutMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
            behindPooler: e.DATABASE_BEHIND_POOLER,
          },
        }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    publicUrl,
    mail: e.SMTP_URL
      ? { transport: 'smtp', smtpUrl: e.SMTP_URL, from: e.MAIL_FROM }
      : { transport: 'mailbox', from: e.MAIL_FROM },
    redisUrl: e.REDIS_URL ?? null,
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    corsOrigins: e.CORS_ORIGINS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    allowStandInsInProduction: e.ALLOW_STAND_INS_IN_PRODUCTION,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : path.join(REPOSITORY_ROOT, 'apps/web/dist'),
    rateLimit: {
      perMinute: e.RATE_LIMIT_PER_MINUTE,
      sensitivePerMinute: e.RATE_LIMIT_SENSITIVE_PER_MINUTE,
      searchPerMinute: e.RATE_LIMIT_SEARCH_PER_MINUTE,
      visitorContactsPerHour: e.RATE_LIMIT_VISITOR_CONTACTS_PER_HOUR,
    },
    auth: { privateKey: e.AUTH_PRIVATE_KEY, publicKey: e.AUTH_PUBLIC_KEY },
    identityProvider: identityProviderConfig(e),
    google: googleConfig(e, publicUrl),
    files: { urlSecret: e.FILE_URL_SECRET, storage: fileStorageConfig(e, dataDir) },
    stickerGtin: e.STICKER_GTIN,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
    mapStyleUrl: e.MAP_STYLE_URL ?? null,
    payments: paymentsConfig(e, publicUrl),
    inboundMail: {
      mode: e.MAILGUN_WEBHOOK_SIGNING_KEY ? 'provider' : e.NODE_ENV === 'production' ? 'off' : 'stand-in',
      signingKey: e.MAILGUN_WEBHOOK_SIGNING_KEY ?? STAND_IN_MAILGUN_SIGNING_KEY,
      plateOrderAddress: e.INBOUND_PLATE_ORDER_ADDRESS.toLowerCase(),
    },
    sellers: {
      dk: { name: e.SELLER_DK_NAME, address: e.SELLER_DK_ADDRESS, vatNumber: e.SELLER_DK_CVR },
      no: { name: e.SELLER_NO_NAME, address: e.SELLER_NO_ADDRESS, vatNumber: e.SELLER_NO_ORG_NR },
    },
  };
}

const isSet = (value: string | undefined) => value !== undefined && value.trim() !== '';
const isTrue = (value: string | undefined) => ['true', '1', 'yes'].includes(value ?? '');

/** Rules across the national identity variables; the single variables are checked by the schema. */
function identityProviderProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';
  const kind = env.IDENTITY_PROVIDER || undefined;
  for (const prefix of ['MITID', 'BANKID']) {
    const issuer = isSet(env[`${prefix}_ISSUER`]);
    for (const part of ['CLIENT_ID', 'CLIENT_SECRET']) {
      const name = `${prefix}_${part}`;
      if (issuer && !isSet(env[name])) problems.push(`${name}: must be set together with ${prefix}_ISSUER`);
      if (!issuer && isSet(env[name])) problems.push(`${prefix}_ISSUER: must be set together with ${name}`);
    }
  }
  const anyIssuer = isSet(env.MITID_ISSUER) || isSet(env.BANKID_ISSUER);
  if (kind === 'oidc' && !anyIssuer) {
    problems.push('IDENTITY_PROVIDER: oidc needs MITID_ISSUER or BANKID_ISSUER');
  }
  if (production && kind === 'builtin') {
    problems.push('IDENTITY_PROVIDER: the built-in test MitID/BankID is never served in production');
  }
  if (production && isTrue(env.ALLOW_AUTOTEST_IDENTITY_SKIP)) {
    problems.push('ALLOW_AUTOTEST_IDENTITY_SKIP: must not be enabled in production');
  }
  return problems;
}

function identityProviderConfig(e: Env): IdentityProviderConfig {
  const client = (
    issuer?: string,
    clientId?: string,
    clientSecret?: string,
    acrValues: string[] = [],
  ): OidcClientConfig | null =>
    issuer && clientId && clientSecret ? { issuer, clientId, clientSecret, acrValues } : null;
  const mitid = client(e.MITID_ISSUER, e.MITID_CLIENT_ID, e.MITID_CLIENT_SECRET, e.MITID_ACR_VALUES);
  const bankid = client(e.BANKID_ISSUER, e.BANKID_CLIENT_ID, e.BANKID_CLIENT_SECRET, e.BANKID_ACR_VALUES);
  const kind = e.IDENTITY_PROVIDER ?? (mitid || bankid || e.NODE_ENV === 'production' ? 'oidc' : 'builtin');
  const allowAutotestSkip = e.ALLOW_AUTOTEST_IDENTITY_SKIP;
  return kind === 'builtin' ? { kind, allowAutotestSkip } : { kind, mitid, bankid, allowAutotestSkip };
}

/** S3 needs a bucket and a region; keys come in pairs; S3 settings without S3 storage are a mistake. */
function fileStorageProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const kind = env.FILE_STORAGE || (isSet(env.S3_BUCKET) ? 's3' : 'disk');
  if (kind === 's3') {
    for (const name of ['S3_BUCKET', 'S3_REGION']) {
      if (!isSet(env[name])) problems.push(`${name}: must be set when FILE_STORAGE is s3`);
    }
    const keyId = isSet(env.S3_ACCESS_KEY_ID);
    const secret = isSet(env.S3_SECRET_ACCESS_KEY);
    if (keyId && !secret) problems.push('S3_SECRET_ACCESS_KEY: must be set together with S3_ACCESS_KEY_ID');
    if (!keyId && secret) problems.push('S3_ACCESS_KEY_ID: must be set together with S3_SECRET_ACCESS_KEY');
  } else if (kind === 'disk') {
    const stray = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) =>
      isSet(env[name]),
    );
    if (stray.length > 0) {
      problems.push(`FILE_STORAGE: is disk, but ${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set`);
    }
  }
  return problems;
}

function fileStorageConfig(e: Env, dataDir: string): FileStorageConfig {
  const kind = e.FILE_STORAGE ?? (e.S3_BUCKET ? 's3' : 'disk');
  if (kind === 'disk') return { kind, dir: path.join(dataDir, 'files') };
  // fileStorageProblems has made sure both are set.
  const { S3_BUCKET: bucket = '', S3_REGION: region = '' } = e;
  return {
    kind,
    bucket,
    region,
    endpoint: e.S3_ENDPOINT ?? null,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : null,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

/** Client id the web app uses with the built-in test issuer. */
export const TEST_GOOGLE_CLIENT_ID = 'nbr-dev';

export type GoogleConfig =
  | {
      mode: 'issuer';
      clientId: string;
      /** Every `iss` value accepted (Google writes its issuer with and without https://). */
      issuers: string[];
      jwksUrl: string;
      authorizationUrl: string;
    }
  | { mode: 'test-issuer'; clientId: string; issuer: string; authorizationUrl: string }
  | { mode: 'off' };

const GOOGLE_ISSUER = 'https://accounts.google.com';

function googleConfig(e: Env, publicUrl: string): GoogleConfig {
  if (e.GOOGLE_CLIENT_ID) {
    const issuer = e.GOOGLE_ISSUER.replace(/\/+$/, '');
    return {
      mode: 'issuer',
      clientId: e.GOOGLE_CLIENT_ID,
      issuers: issuer === GOOGLE_ISSUER ? [GOOGLE_ISSUER, 'accounts.google.com'] : [issuer],
      jwksUrl: e.GOOGLE_JWKS_URL,
      authorizationUrl: e.GOOGLE_AUTHORIZATION_URL,
    };
  }
  // The test issuer signs tokens for anyone who asks: production must never trust it.
  if (e.NODE_ENV === 'production') return { mode: 'off' };
  return {
    mode: 'test-issuer',
    clientId: TEST_GOOGLE_CLIENT_ID,
    issuer: `${publicUrl}/dev/google`,
    authorizationUrl: `${publicUrl}/dev/google/authorize`,
  };
}

const REEPAY_ACCOUNT = ['REEPAY_PRIVATE_KEY', 'REEPAY_WEBHOOK_SECRET'] as const;
const VIPPS_ACCOUNT = [
  'VIPPS_CLIENT_ID',
  'VIPPS_CLIENT_SECRET',
  'VIPPS_SUBSCRIPTION_KEY',
  'VIPPS_MERCHANT_SERIAL_NUMBER',
  'VIPPS_WEBHOOK_SECRET',
] as const;

/**
 * A provider's account is all of its variables or none of them (none: the stand-in, outside
 * production). Production takes money, so it refuses to start without both accounts and talks to
 * them over TLS only.
 */
function paymentProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';
  const accounts = [
    { names: REEPAY_ACCOUNT, urls: ['REEPAY_API_URL', 'REEPAY_CHECKOUT_API_URL'], what: 'card payments' },
    { names: VIPPS_ACCOUNT, urls: ['VIPPS_API_URL'], what: 'Vipps MobilePay payments' },
  ];
  for (const { names, urls, what } of accounts) {
    const set = names.filter((name) => isSet(env[name]));
    if (production) {
      for (const name of names) {
        if (!isSet(env[name])) {
          problems.push(
            `${name}: must be set in production for ${what}; the built-in stand-in is never served there`,
          );
        }
      }
      for (const name of urls) {
        const value = env[name];
        if (value && URL.canParse(value) && new URL(value).protocol !== 'https:') {
          problems.push(`${name}: must be an https:// address in production`);
        }
      }
    } else if (set.length > 0 && set.length < names.length) {
      for (const name of names.filter((candidate) => !isSet(env[candidate]))) {
        problems.push(`${name}: must be set together with ${set.join(', ')}`);
      }
    }
  }
  return problems;
}

function paymentsConfig(e: Env, publicUrl: string): PaymentsConfig {
  const standIn = STAND_IN_PAYMENT_CREDENTIALS;
  // paymentProblems has made sure an account is complete, or absent outside production.
  const reepay: PaymentsConfig['reepay'] =
    e.REEPAY_PRIVATE_KEY && e.REEPAY_WEBHOOK_SECRET
      ? {
          mode: 'provider',
          privateKey: e.REEPAY_PRIVATE_KEY,
          webhookSecret: e.REEPAY_WEBHOOK_SECRET,
          apiUrl: e.REEPAY_API_URL.replace(/\/+$/, ''),
          checkoutApiUrl: e.REEPAY_CHECKOUT_API_URL.replace(/\/+$/, ''),
          standInWebhookUrl: '',
        }
      : {
          mode: 'stand-in',
          ...standIn.reepay,
          apiUrl: `${publicUrl}${REEPAY_STAND_IN_PATH}/api`,
          checkoutApiUrl: `${publicUrl}${REEPAY_STAND_IN_PATH}/checkout-api`,
          standInWebhookUrl: e.REEPAY_STAND_IN_WEBHOOK_URL ?? `${publicUrl}/api/webshop/webhooks/reepay`,
        };
  const vipps: PaymentsConfig['vipps'] =
    e.VIPPS_CLIENT_ID &&
    e.VIPPS_CLIENT_SECRET &&
    e.VIPPS_SUBSCRIPTION_KEY &&
    e.VIPPS_MERCHANT_SERIAL_NUMBER &&
    e.VIPPS_WEBHOOK_SECRET
      ? {
          mode: 'provider',
          clientId: e.VIPPS_CLIENT_ID,
          clientSecret: e.VIPPS_CLIENT_SECRET,
          subscriptionKey: e.VIPPS_SUBSCRIPTION_KEY,
          merchantSerialNumber: e.VIPPS_MERCHANT_SERIAL_NUMBER,
          webhookSecret: e.VIPPS_WEBHOOK_SECRET,
          apiUrl: e.VIPPS_API_URL.replace(/\/+$/, ''),
          standInWebhookUrl: '',
        }
      : {
          mode: 'stand-in',
          ...standIn.vipps,
          apiUrl: `${publicUrl}${VIPPS_STAND_IN_PATH}/api`,
          standInWebhookUrl: e.VIPPS_STAND_IN_WEBHOOK_URL ?? `${publicUrl}/api/webshop/webhooks/vipps`,
        };
  return { reepay, vipps };
}
