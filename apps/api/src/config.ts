import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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

/** Unset and empty both mean "not configured", as in most deployment tools. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * Every environment variable the API reads. Each is documented once, here, and listed in README.md.
 */
const EnvSchema = z.object({
  /** TCP port the server listens on. */
  PORT: optional(z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535)).default(3000),
  /** Interface to bind; 0.0.0.0 serves every interface. */
  HOST: optional(z.string().min(1)).default('0.0.0.0'),
  /** Directory for PGlite files, uploaded files and generated keys; resolved to an absolute path. */
  DATA_DIR: optional(z.string().min(1)).default('./data'),
  /** PostgreSQL connection string; unset runs the embedded PGlite under DATA_DIR/pglite. */
  DATABASE_URL: optional(url(['postgres:', 'postgresql:'])),
  /** The address users reach the product at; used in links in mails and QR codes. */
  PUBLIC_URL: optional(url(['http:', 'https:'])),
  /** SMTP server for outgoing mail (smtp:// or smtps://); unset keeps mail in the built-in /dev/mailbox. */
  SMTP_URL: optional(url(['smtp:', 'smtps:'])),
  /** Sender of every mail, e.g. `Cykelregister <noreply@cykelregister.dk>`. */
  MAIL_FROM: optional(z.string().min(3)).default('Nordic Bike Registry <noreply@cykelregister.dk>'),
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
  /** Directory of the built web app that the API serves with an SPA fallback; default apps/web/dist. */
  WEB_DIST_DIR: optional(z.string().min(1)),
  /** Requests per minute per client address to /api and /dev before 429 rate_limited. */
  RATE_LIMIT_PER_MINUTE: optional(z.coerce.number({ error: 'must be a number' }).int().min(1)).default(600),
  /** Requests per minute per client address to each sensitive route (log-in, sign-up, password reset). */
  RATE_LIMIT_SENSITIVE_PER_MINUTE: optional(
    z.coerce.number({ error: 'must be a number' }).int().min(1),
  ).default(10),
  /** Ed25519 private key signing session tokens (PEM PKCS#8 or JWK); unset generates one under DATA_DIR/keys. */
  AUTH_PRIVATE_KEY: optional(z.string().trim().min(1)),
  /** Its public key (PEM SPKI or JWK); derived from the private key when unset. */
  AUTH_PUBLIC_KEY: optional(z.string().trim().min(1)),
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
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
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
  rateLimit: { perMinute: number; sensitivePerMinute: number };
  /** Token signing keys; both undefined means generate and keep them under DATA_DIR/keys. */
  auth: { privateKey: string | undefined; publicKey: string | undefined };
}

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
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;

  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
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
    rateLimit: { perMinute: e.RATE_LIMIT_PER_MINUTE, sensitivePerMinute: e.RATE_LIMIT_SENSITIVE_PER_MINUTE },
    auth: { privateKey: e.AUTH_PRIVATE_KEY, publicKey: e.AUTH_PUBLIC_KEY },
  };
}
