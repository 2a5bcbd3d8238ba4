import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VISITOR_CONTACTS_PER_HOUR } from '@nbr/domain/finds';
import { DEFAULT_STICKER_GTIN, isValidGtin14 } from '@nbr/domain/plates';
import { z } from 'zod';
import { DEFAULT_POSTGRES_SETTINGS, type PostgresSettings } from './db/postgres-settings.ts';

/** The repository root, so relative defaults do not depend on the directory the process starts in. */
const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const OTLP_PROTOCOLS = ['http/protobuf', 'http/json'] as const;

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

/** A comma-separated list; blanks around and between the items are ignored. */
const commaList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));

const fileUrlSecret = z.string().trim().min(32, { error: 'must be at least 32 characters' });

const dataEncryptionKey = z
  .string()
  .trim()
  .refine((value) => /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, 'base64').length === 32, {
    error: 'must be 32 bytes, base64',
  });

/**
 * Public keys as AUTH_ACCEPTED_PUBLIC_KEYS gives them: PEM blocks one after another, a JWK, or a JWK
 * set (`{"keys": [...]}`). Each is returned as its own text; keys.ts imports them.
 */
const publicKeyList = z
  .string()
  .trim()
  .transform((value, context) => {
    if (value.startsWith('{')) {
      try {
        const parsed = JSON.parse(value) as { keys?: unknown };
        const keys = Array.isArray(parsed.keys) ? parsed.keys : [parsed];
        return keys.map((key) => JSON.stringify(key));
      } catch {
        context.addIssue({ code: 'custom', message: 'must be PEM public keys, a JWK or a JWK set' });
        return z.NEVER;
      }
    }
    // Environment variables often carry PEM with literal "\n" sequences.
    const blocks = value
      .replace(/\\n/g, '\n')
      .match(/-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/g);
    if (!blocks) {
      context.addIssue({ code: 'custom', message: 'must be PEM public keys, a JWK or a JWK set' });
      return z.NEVER;
    }
    return blocks;
  });

/**
 * Every environment variable the API reads. Each is documented once, here, and listed in README.md.
 */
export const EnvSchema = z.object({
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
  /**
   * Port of the Prometheus metrics listener (GET /metrics), apart from PORT so that a load balancer
   * forwarding the public port never exposes it; unset: no metrics listener.
   */
  METRICS_PORT: optional(z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535)),
  /** Interface of the metrics listener; default 127.0.0.1, 0.0.0.0 in production (Prometheus scrapes each instance). */
  METRICS_HOST: optional(z.string().min(1)),
  /**
   * OpenTelemetry's standard variables, read by the SDK that telemetry.ts starts and checked here so
   * that a typo stops the start. Traces are exported only when an endpoint is set: the collector's
   * base address (traces go to …/v1/traces), or the traces address itself.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: optional(url(['http:', 'https:'])),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optional(url(['http:', 'https:'])),
  /** OTLP's encoding: http/protobuf (the default) or http/json (OTLP over gRPC is not built in). */
  OTEL_EXPORTER_OTLP_PROTOCOL: optional(z.enum(OTLP_PROTOCOLS)),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: optional(z.enum(OTLP_PROTOCOLS)),
  /** The service.name of our spans; default nbr-api. */
  OTEL_SERVICE_NAME: optional(z.string().trim().min(1)),
  /** `true` turns tracing off whatever else is set (OpenTelemetry reads only `true`, in any case, as true). */
  OTEL_SDK_DISABLED: optional(
    z
      .string()
      .toLowerCase()
      .pipe(z.enum(['true', 'false'])),
  ),
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
   * Says that this production install is one instance on one machine on purpose (a small town's own
   * install): it may then run without DATABASE_URL (PGlite), REDIS_URL (limits in memory) and S3
   * (files on disk). Without it production refuses to start without them (productionSetupProblems).
   */
  ALLOW_SINGLE_MACHINE_IN_PRODUCTION: optional(booleanFlag).default(false),
  /**
   * Development and test mode serve test sign-ins (MitID, BankID, Google that sign anyone in), the
   * mailbox and demo accounts with a published password. They therefore refuse a PUBLIC_URL that is
   * not on this machine, unless this is set for a test server on a private network.
   */
  ALLOW_DEVELOPMENT_ON_PUBLIC_HOST: optional(booleanFlag).default(false),
  /** Directory of the built web app that the API serves with an SPA fallback; default apps/web/dist. */
  WEB_DIST_DIR: optional(z.string().min(1)),
  /**
   * Seconds between SIGTERM (or SIGINT) and closing the listener: the instance keeps serving but
   * answers 503 on /api/health/ready, so the load balancer stops sending it requests first.
   * Default: 10 in production, 0 otherwise (Ctrl-C stops a development server at once).
   */
  SHUTDOWN_DRAIN_SECONDS: optional(z.coerce.number({ error: 'must be a number' }).int().min(0).max(300)),
  /**
   * Seconds in-flight requests get to finish once the listener is closed (after the drain);
   * whatever is still running then is cut off and the process exits 1.
   */
  SHUTDOWN_GRACE_SECONDS: optional(
    z.coerce.number({ error: 'must be a number' }).int().min(1).max(300),
  ).default(15),
  /**
   * The embedded database (no DATABASE_URL) refuses to start when the disk of DATA_DIR has less
   * free space than this many megabytes: PGlite fails obscurely on a full disk, and needs a 16 MB
   * write-ahead log segment at a time.
   */
  DATA_DIR_MIN_FREE_MB: optional(z.coerce.number({ error: 'must be a number' }).int().min(0)).default(64),
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
  /**
   * How many API instances share the rate limits through Redis (the most that run at once, e.g. the
   * autoscaler's maximum). While Redis is unreachable each instance counts on its own and allows
   * 1/RATE_LIMIT_INSTANCES of every budget (at least 1), so the instances together never allow more
   * than the shared budget. Without REDIS_URL the one instance's limits are the whole budgets.
   */
  RATE_LIMIT_INSTANCES: optional(z.coerce.number({ error: 'must be a number' }).int().min(1)).default(2),
  /** Ed25519 private key signing session tokens (PEM PKCS#8 or JWK); unset generates one under DATA_DIR/keys. */
  AUTH_PRIVATE_KEY: optional(z.string().trim().min(1)),
  /** Its public key (PEM SPKI or JWK); derived from the private key when unset. */
  AUTH_PUBLIC_KEY: optional(z.string().trim().min(1)),
  /**
   * Further public keys that verify session tokens and websocket tickets, never used to sign: the
   * next key before a rotation and the previous one after it, until its last token expired (an hour).
   * PEM public keys one after another, a JWK, or a JWK set `{"keys": [...]}`.
   */
  AUTH_ACCEPTED_PUBLIC_KEYS: optional(publicKeyList).default([]),
  /**
   * Ed25519 private key signing resale certificates (issue 32 §4; PEM PKCS#8 or JWK), never the
   * session tokens' key; unset generates one under DATA_DIR/keys outside production. Its public key
   * is published at /.well-known/nbr-certificate-keys.json.
   */
  CERTIFICATE_PRIVATE_KEY: optional(z.string().trim().min(1)),
  /**
   * Public keys of earlier certificate keys, still published so certificates they signed stay
   * verifiable after a rotation (PEM public keys one after another, a JWK, or a JWK set).
   */
  CERTIFICATE_ACCEPTED_PUBLIC_KEYS: optional(publicKeyList).default([]),
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
  FILE_URL_SECRET: optional(fileUrlSecret),
  /**
   * Comma-separated secrets that are also accepted when checking a signed file address, never used
   * to sign: the next secret before a rotation and the previous one for an hour after it.
   */
  FILE_URL_ACCEPTED_SECRETS: optional(commaList(fileUrlSecret)).default([]),
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
  DATA_ENCRYPTION_KEY: optional(dataEncryptionKey),
  /**
   * Comma-separated keys that also decrypt fields, never used to encrypt: the next key before a
   * rotation, and the previous one until every field it sealed was encrypted again (docs/operations.md).
   */
  DATA_ENCRYPTION_ACCEPTED_KEYS: optional(commaList(dataEncryptionKey)).default([]),
  /**
   * MapLibre style of the stolen-bike map's basemap (a style.json address with real tiles). Unset:
   * the built-in offline basemap of Denmark and Norway (Natural Earth), good to about zoom 7.
   */
  MAP_STYLE_URL: optional(url(['https:', 'http:'])),
  /**
   * The tag-manager container (`GTM-…`) the web app loads once a person consents to measurement
   * (issue 30 §2). Unset: no tag manager is ever loaded.
   */
  TAG_MANAGER_CONTAINER_ID: optional(
    z
      .string()
      .trim()
      .regex(/^GTM-[A-Z0-9]{4,12}$/, { error: 'must look like GTM-XXXXXXX' }),
  ),
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
  /**
   * Issue 27: where the theft report's typed address is placed on the map. `registers`: DAWA (Denmark)
   * and Kartverket's address API (Norway); `stand-in`: the built-in sample at /dev/addresses (never
   * in production); `off`: no service, every address falls back to its postcode's centre.
   * Unset: the stand-in outside production, the registers in production.
   */
  ADDRESS_LOOKUP: optional(z.enum(['registers', 'stand-in', 'off'])),
  /**
   * A DAWA-compatible address search for Denmark (GET /adgangsadresser). The public DAWA at
   * api.dataforsyningen.dk closed in August 2026, so there is no default: set it to a service that
   * still answers DAWA's requests (a DAWA-compatible provider, or a mirror of DAR kept with DAWA's
   * replication protocol). Unset, Danish addresses are placed at their postcode's centre.
   */
  DAWA_API_URL: optional(url(['https:', 'http:'])),
  /** Kartverket's address API (Norway). */
  KARTVERKET_API_URL: optional(url(['https:', 'http:'])).default('https://ws.geonorge.no'),
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
  /** The Prometheus metrics listener (METRICS_PORT, METRICS_HOST); null: none. */
  metrics: { host: string; port: number } | null;
  corsOrigins: string[];
  trustProxy: boolean | number | string;
  allowStandInsInProduction: boolean;
  /** Production on one machine on purpose (ALLOW_SINGLE_MACHINE_IN_PRODUCTION); server.ts says so at start. */
  singleMachineInProduction: boolean;
  webDistDir: string;
  /** What SIGTERM does (server.ts): report not ready for `drainSeconds`, then give requests `graceSeconds`. */
  shutdown: { drainSeconds: number; graceSeconds: number };
  /** Free space the embedded database needs in DATA_DIR to start (DATA_DIR_MIN_FREE_MB). */
  dataDirMinFreeBytes: number;
  rateLimit: {
    perMinute: number;
    sensitivePerMinute: number;
    searchPerMinute: number;
    visitorContactsPerHour: number;
    /** RATE_LIMIT_INSTANCES: each instance's share of a budget while Redis is down is 1/instances. */
    instances: number;
  };
  /**
   * Token signing keys; both undefined means generate and keep them under DATA_DIR/keys. The accepted
   * public keys (PEM or JWK texts) verify tokens too, never sign.
   */
  auth: { privateKey: string | undefined; publicKey: string | undefined; acceptedPublicKeys: string[] };
  /** The resale certificates' signing key (undefined: generated under DATA_DIR/keys) and earlier public keys. */
  certificates: { privateKey: string | undefined; acceptedPublicKeys: string[] };
  identityProvider: IdentityProviderConfig;
  /** Google sign-in: a configured issuer, the built-in test issuer at /dev/google, or off. */
  google: GoogleConfig;
  /** Uploaded files: where they are kept and the secret their signed addresses use. */
  files: { urlSecret: string | undefined; acceptedUrlSecrets: string[]; storage: FileStorageConfig };
  stickerGtin: string;
  /** DATA_ENCRYPTION_KEY; undefined means generate and keep one under DATA_DIR/keys. */
  dataEncryptionKey: string | undefined;
  /** DATA_ENCRYPTION_ACCEPTED_KEYS: keys that decrypt but never encrypt (base64). */
  dataEncryptionAcceptedKeys: string[];
  /** MAP_STYLE_URL; null means the built-in offline basemap. */
  mapStyleUrl: string | null;
  /** TAG_MANAGER_CONTAINER_ID; null: the web app loads no tag manager. */
  tagManagerContainerId: string | null;
  /** The payment providers: configured accounts, or the built-in stand-ins (never in production). */
  payments: PaymentsConfig;
  /** Inbound mail (insurers' plate orders): Mailgun's signed forwards, the stand-in, or off. */
  inboundMail: InboundMailConfig;
  /** Issue 27: the address services that place a typed address (ADDRESS_LOOKUP). */
  addressLookup: AddressLookupConfig;
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

export interface AddressLookupConfig {
  mode: 'registers' | 'stand-in' | 'off';
  /** A DAWA-compatible service's base address (null: none, Danish addresses go by postcode); in stand-in mode the stand-in's. */
  dawaUrl: string | null;
  /** Kartverket's base address; in stand-in mode the stand-in's. */
  kartverketUrl: string;
}

/** Where the address services' stand-in is mounted (app.ts, outside production only). */
export const ADDRESS_STAND_IN_PATH = '/dev/addresses';

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
const PRODUCTION_SECRETS = [
  'AUTH_PRIVATE_KEY',
  'FILE_URL_SECRET',
  'DATA_ENCRYPTION_KEY',
  'CERTIFICATE_PRIVATE_KEY',
] as const;
const SECRET_USES: Record<(typeof PRODUCTION_SECRETS)[number], string> = {
  AUTH_PRIVATE_KEY: 'session tokens',
  CERTIFICATE_PRIVATE_KEY: 'resale certificates',
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

/** The metrics listener must not share the public port: whoever reaches the app would read them. */
function metricsProblems(env: Record<string, string | undefined>): string[] {
  const port = env.METRICS_PORT?.trim();
  if (port && port !== '0' && Number(port) === Number(env.PORT?.trim() || 3000)) {
    return ['METRICS_PORT: must differ from PORT; the metrics are served apart from the public port'];
  }
  return [];
}

/**
 * Whether telemetry.ts starts tracing: an OTLP endpoint is set and OTEL_SDK_DISABLED is not true.
 * Read before the configuration is loaded (the SDK must start before the app's modules), so it
 * never throws: a malformed endpoint leaves tracing off, and loadConfig then stops the start.
 */
export function isTracingConfigured(env: Record<string, string | undefined>): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return Boolean(
    endpoint && URL.canParse(endpoint) && ['http:', 'https:'].includes(new URL(endpoint).protocol),
  );
}

/**
 * Variables that hold a secret, or an address with a password in it, and may therefore come from a
 * file instead: `<NAME>_FILE` names a file whose content is the value (Docker and Kubernetes secrets
 * are mounted as files, which keeps them out of the process list and of `docker inspect`).
 */
export const SECRET_FILE_VARIABLES = [
  'AUTH_PRIVATE_KEY',
  'AUTH_PUBLIC_KEY',
  'AUTH_ACCEPTED_PUBLIC_KEYS',
  'CERTIFICATE_PRIVATE_KEY',
  'CERTIFICATE_ACCEPTED_PUBLIC_KEYS',
  'FILE_URL_SECRET',
  'FILE_URL_ACCEPTED_SECRETS',
  'DATA_ENCRYPTION_KEY',
  'DATA_ENCRYPTION_ACCEPTED_KEYS',
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'S3_SECRET_ACCESS_KEY',
  'MITID_CLIENT_SECRET',
  'BANKID_CLIENT_SECRET',
  'REEPAY_PRIVATE_KEY',
  'REEPAY_WEBHOOK_SECRET',
  'VIPPS_CLIENT_SECRET',
  'VIPPS_SUBSCRIPTION_KEY',
  'VIPPS_WEBHOOK_SECRET',
  'MAILGUN_WEBHOOK_SIGNING_KEY',
] as const;

/**
 * The one place `<NAME>_FILE` is read: the file's content, without its trailing line breaks, becomes
 * `<NAME>` before anything else looks at the environment. Problems name the variable and the path,
 * never what the file holds; `failed` lists the variables whose file could not be used.
 */
function readSecretFiles(given: Record<string, string | undefined>): {
  env: Record<string, string | undefined>;
  problems: string[];
  failed: Set<string>;
} {
  const env = { ...given };
  const problems: string[] = [];
  const failed = new Set<string>();
  for (const name of SECRET_FILE_VARIABLES) {
    const file = given[`${name}_FILE`]?.trim();
    if (!file) continue;
    if (isSet(given[name])) {
      problems.push(`${name}: is set together with ${name}_FILE; keep only one of them`);
      failed.add(name);
      continue;
    }
    try {
      env[name] = readFileSync(file, 'utf8').replace(/[\r\n]+$/, '');
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
      problems.push(
        `${name}_FILE: cannot read ${file} (${reason}); mount the secret at that path or correct ${name}_FILE`,
      );
      failed.add(name);
    }
  }
  return { env, problems, failed };
}

const SINGLE_MACHINE_ALTERNATIVE =
  'or set ALLOW_SINGLE_MACHINE_IN_PRODUCTION=true for an install of one instance on one machine';

/**
 * Production is several instances behind a load balancer unless it says otherwise: without a shared
 * database, Redis and object storage each instance would silently keep its own rows, rate limits and
 * files. ALLOW_SINGLE_MACHINE_IN_PRODUCTION lifts exactly those three. PUBLIC_URL (https) and
 * TRUST_PROXY stay required even then: the API speaks plain HTTP, so whatever serves https to people
 * is a proxy in front of it on every install, one machine included, and a proxy that is not trusted
 * gives every client its address and one shared sign-in budget. No loopback exception for PUBLIC_URL
 * either: links in mails and QR codes must reach people, and a production instance that only this
 * machine can reach is a trial, which development mode is for.
 */
function productionSetupProblems(env: Record<string, string | undefined>): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  const publicUrl = env.PUBLIC_URL?.trim();
  if (!publicUrl) {
    problems.push(
      'PUBLIC_URL: must be set in production to the https:// address people reach the register at (links in mails and QR codes use it)',
    );
  } else if (URL.canParse(publicUrl) && new URL(publicUrl).protocol !== 'https:') {
    problems.push(
      'PUBLIC_URL: must be an https:// address in production; let the proxy in front of the API serve https and give its address',
    );
  }
  if (!isSet(env.TRUST_PROXY)) {
    problems.push(
      "TRUST_PROXY: must be set in production: behind a proxy every client would have the proxy's address and share one rate-limit budget; set the proxy's addresses (e.g. 10.0.0.0/8 or 127.0.0.1) or its hop count, or false if clients connect to the API directly",
    );
  }
  if (isTrue(env.ALLOW_SINGLE_MACHINE_IN_PRODUCTION)) return problems;
  if (!isSet(env.DATABASE_URL)) {
    problems.push(
      `DATABASE_URL: must be set in production (the embedded PGlite serves one instance only); set the PostgreSQL connection string, ${SINGLE_MACHINE_ALTERNATIVE}`,
    );
  }
  if (!isSet(env.REDIS_URL)) {
    problems.push(
      `REDIS_URL: must be set in production (without it rate limits, live events and presence stay inside each instance); set the Redis address, ${SINGLE_MACHINE_ALTERNATIVE}`,
    );
  }
  if (fileStorageKind(env) !== 's3') {
    problems.push(
      `FILE_STORAGE: must be s3 in production (files on disk are seen by one instance only); set FILE_STORAGE=s3 with S3_BUCKET and S3_REGION, ${SINGLE_MACHINE_ALTERNATIVE}`,
    );
  }
  return problems;
}

/**
 * The secrets the built-in stand-ins publish (in this file, the tests and the docs): anyone can sign
 * a webhook with them, so production refuses them as values and never accepts a signature made with
 * them (acceptedWebhookSecrets). The Vipps MSN is left out: it is a number a real sales unit may have.
 */
const PUBLISHED_STAND_IN_SECRETS: Record<string, string> = {
  REEPAY_PRIVATE_KEY: STAND_IN_PAYMENT_CREDENTIALS.reepay.privateKey,
  REEPAY_WEBHOOK_SECRET: STAND_IN_PAYMENT_CREDENTIALS.reepay.webhookSecret,
  VIPPS_CLIENT_ID: STAND_IN_PAYMENT_CREDENTIALS.vipps.clientId,
  VIPPS_CLIENT_SECRET: STAND_IN_PAYMENT_CREDENTIALS.vipps.clientSecret,
  VIPPS_SUBSCRIPTION_KEY: STAND_IN_PAYMENT_CREDENTIALS.vipps.subscriptionKey,
  VIPPS_WEBHOOK_SECRET: STAND_IN_PAYMENT_CREDENTIALS.vipps.webhookSecret,
  MAILGUN_WEBHOOK_SIGNING_KEY: STAND_IN_MAILGUN_SIGNING_KEY,
};
const PUBLISHED_SECRET_VALUES = new Set(Object.values(PUBLISHED_STAND_IN_SECRETS));

function standInSecretProblems(env: Record<string, string | undefined>): string[] {
  if (env.NODE_ENV !== 'production') return [];
  return Object.entries(PUBLISHED_STAND_IN_SECRETS)
    .filter(([name]) => PUBLISHED_SECRET_VALUES.has(env[name]?.trim() ?? ''))
    .map(
      ([name]) =>
        `${name}: is a built-in stand-in's published value, with which anyone can sign; set your own account's value`,
    );
}

/**
 * The webhook secrets a verifier may check signatures with: in production never a stand-in's
 * published one, however the configuration was built (loadConfig refuses them already).
 */
export function acceptedWebhookSecrets(config: Pick<Config, 'isProduction'>, secrets: string[]): string[] {
  return config.isProduction ? secrets.filter((secret) => !PUBLISHED_SECRET_VALUES.has(secret)) : secrets;
}

/**
 * Lines server.ts logs at start about how this production instance runs, so nobody discovers it
 * later: single-machine mode, and the mailbox stand-in.
 */
export function productionStartupNotices(config: Config): string[] {
  if (!config.isProduction) return [];
  const notices: string[] = [];
  if (config.singleMachineInProduction) {
    const parts = [
      config.database.kind === 'pglite' ? 'PGlite database in DATA_DIR' : null,
      config.redisUrl === null ? 'rate limits and live events in memory' : null,
      config.files.storage.kind === 'disk' ? 'files on disk in DATA_DIR' : null,
    ].filter((part) => part !== null);
    notices.push(
      `single-machine mode (ALLOW_SINGLE_MACHINE_IN_PRODUCTION): run exactly one instance${parts.length > 0 ? `; ${parts.join(', ')}` : ''}`,
    );
  }
  if (config.mail.transport === 'mailbox') {
    notices.push(
      'production without SMTP_URL (ALLOW_STAND_INS_IN_PRODUCTION): mails are not delivered to anyone',
    );
  }
  return notices;
}

/**
 * Parses the environment once. Fails with one error naming every bad variable, so a misconfigured
 * deployment is fixed in one round trip.
 */
export function loadConfig(given: Record<string, string | undefined> = process.env): Config {
  const secretFiles = readSecretFiles(given);
  const env = secretFiles.env;
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
  if (
    env.CERTIFICATE_PRIVATE_KEY?.trim() &&
    env.CERTIFICATE_PRIVATE_KEY.trim() === env.AUTH_PRIVATE_KEY?.trim()
  ) {
    // A certificate anyone may keep for years must not be signed by the key that signs sessions.
    problems.push('CERTIFICATE_PRIVATE_KEY: must differ from AUTH_PRIVATE_KEY');
  }
  problems.push(
    ...identityProviderProblems(env),
    ...deploymentModeProblems(env),
    ...productionSetupProblems(env),
    ...standInSecretProblems(env),
    ...fileStorageProblems(env),
    ...paymentProblems(env),
    ...metricsProblems(env),
    ...addressLookupProblems(env),
  );
  // A variable whose file could not be used is reported once, as its _FILE, not again as missing.
  const reported = [
    ...secretFiles.problems,
    ...problems.filter((problem) => !secretFiles.failed.has(problem.split(':')[0] ?? '')),
  ];
  if (!parsed.success || reported.length > 0) throw new ConfigError(reported);
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
    metrics:
      e.METRICS_PORT === undefined
        ? null
        : {
            port: e.METRICS_PORT,
            host: e.METRICS_HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
          },
    corsOrigins: e.CORS_ORIGINS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    allowStandInsInProduction: e.ALLOW_STAND_INS_IN_PRODUCTION,
    singleMachineInProduction: e.NODE_ENV === 'production' && e.ALLOW_SINGLE_MACHINE_IN_PRODUCTION,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : path.join(REPOSITORY_ROOT, 'apps/web/dist'),
    shutdown: {
      drainSeconds: e.SHUTDOWN_DRAIN_SECONDS ?? (e.NODE_ENV === 'production' ? 10 : 0),
      graceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    },
    dataDirMinFreeBytes: e.DATA_DIR_MIN_FREE_MB * 1024 * 1024,
    rateLimit: {
      perMinute: e.RATE_LIMIT_PER_MINUTE,
      sensitivePerMinute: e.RATE_LIMIT_SENSITIVE_PER_MINUTE,
      searchPerMinute: e.RATE_LIMIT_SEARCH_PER_MINUTE,
      visitorContactsPerHour: e.RATE_LIMIT_VISITOR_CONTACTS_PER_HOUR,
      instances: e.RATE_LIMIT_INSTANCES,
    },
    auth: {
      privateKey: e.AUTH_PRIVATE_KEY,
      publicKey: e.AUTH_PUBLIC_KEY,
      acceptedPublicKeys: e.AUTH_ACCEPTED_PUBLIC_KEYS,
    },
    certificates: {
      privateKey: e.CERTIFICATE_PRIVATE_KEY,
      acceptedPublicKeys: e.CERTIFICATE_ACCEPTED_PUBLIC_KEYS,
    },
    identityProvider: identityProviderConfig(e),
    google: googleConfig(e, publicUrl),
    files: {
      urlSecret: e.FILE_URL_SECRET,
      acceptedUrlSecrets: e.FILE_URL_ACCEPTED_SECRETS,
      storage: fileStorageConfig(e, dataDir),
    },
    stickerGtin: e.STICKER_GTIN,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
    dataEncryptionAcceptedKeys: e.DATA_ENCRYPTION_ACCEPTED_KEYS,
    mapStyleUrl: e.MAP_STYLE_URL ?? null,
    tagManagerContainerId: e.TAG_MANAGER_CONTAINER_ID ?? null,
    payments: paymentsConfig(e, publicUrl),
    inboundMail: {
      mode: e.MAILGUN_WEBHOOK_SIGNING_KEY ? 'provider' : e.NODE_ENV === 'production' ? 'off' : 'stand-in',
      signingKey: e.MAILGUN_WEBHOOK_SIGNING_KEY ?? STAND_IN_MAILGUN_SIGNING_KEY,
      plateOrderAddress: e.INBOUND_PLATE_ORDER_ADDRESS.toLowerCase(),
    },
    addressLookup: addressLookupConfig(e, publicUrl),
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

/** FILE_STORAGE, or its default: s3 when S3_BUCKET is set. */
function fileStorageKind(env: Record<string, string | undefined>): string {
  return env.FILE_STORAGE || (isSet(env.S3_BUCKET) ? 's3' : 'disk');
}

/** S3 needs a bucket and a region; keys come in pairs; S3 settings without S3 storage are a mistake. */
function fileStorageProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const kind = fileStorageKind(env);
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

/** The address stand-in serves a sample of addresses: production would place real ones wrongly. */
function addressLookupProblems(env: Record<string, string | undefined>): string[] {
  return env.NODE_ENV === 'production' && env.ADDRESS_LOOKUP === 'stand-in'
    ? [
        'ADDRESS_LOOKUP: the built-in address stand-in serves a sample of addresses and is never used in production; use registers or off',
      ]
    : [];
}

function addressLookupConfig(e: Env, publicUrl: string): AddressLookupConfig {
  const mode = e.ADDRESS_LOOKUP ?? (e.NODE_ENV === 'production' ? 'registers' : 'stand-in');
  if (mode === 'stand-in') {
    return {
      mode,
      dawaUrl: `${publicUrl}${ADDRESS_STAND_IN_PATH}/dawa`,
      kartverketUrl: `${publicUrl}${ADDRESS_STAND_IN_PATH}/kartverket`,
    };
  }
  return { mode, dawaUrl: e.DAWA_API_URL ?? null, kartverketUrl: e.KARTVERKET_API_URL };
}
