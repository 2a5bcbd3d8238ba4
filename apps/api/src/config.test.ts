import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptedWebhookSecrets,
  ConfigError,
  isTracingConfigured,
  loadConfig,
  productionStartupNotices,
  SECRET_FILE_VARIABLES,
  STAND_IN_MAILGUN_SIGNING_KEY,
  STAND_IN_PAYMENT_CREDENTIALS,
} from './config.ts';
import { PRODUCTION_SECRETS, SHARED_PRODUCTION, SINGLE_MACHINE_PRODUCTION } from './test/config-fixtures.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('loadConfig', () => {
  it('runs with nothing set: port 3000, PGlite under ./data, the built-in mailbox, memory rate limits', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('data'),
      database: { kind: 'pglite', dataDir: path.resolve('data', 'pglite') },
      publicUrl: 'http://localhost:3000',
      mail: { transport: 'mailbox' },
      redisUrl: null,
      nodeEnv: 'development',
      isProduction: false,
      corsOrigins: [],
      trustProxy: false,
      allowStandInsInProduction: false,
    });
    expect(config.webDistDir.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      ...SHARED_PRODUCTION,
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/nbr',
      DATABASE_URL: 'postgres://nbr@db:5432/nbr',
      PUBLIC_URL: 'https://cykelregister.dk/',
      SMTP_URL: 'smtps://user:pass@smtp.example.org:465',
      MAIL_FROM: 'Cykelregister <noreply@cykelregister.dk>',
      REDIS_URL: 'redis://cache:6379',
      ...PRODUCTION_SECRETS,
      LOG_LEVEL: 'warn',
      CORS_ORIGINS: 'https://partner.example.org, https://app.example.org',
      TRUST_PROXY: '2',
      WEB_DIST_DIR: '/srv/web',
      RATE_LIMIT_PER_MINUTE: '100',
      RATE_LIMIT_SENSITIVE_PER_MINUTE: '5',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/nbr',
      database: { kind: 'postgres', url: 'postgres://nbr@db:5432/nbr' },
      publicUrl: 'https://cykelregister.dk',
      mail: { transport: 'smtp', smtpUrl: 'smtps://user:pass@smtp.example.org:465' },
      redisUrl: 'redis://cache:6379',
      isProduction: true,
      logLevel: 'warn',
      corsOrigins: ['https://partner.example.org', 'https://app.example.org'],
      trustProxy: 2,
      webDistDir: '/srv/web',
      rateLimit: { perMinute: 100, sensitivePerMinute: 5 },
    });
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db/nbr',
      PUBLIC_URL: 'not a url',
      SMTP_URL: 'http://mail.example.org',
      REDIS_URL: 'redis',
      NODE_ENV: 'staging',
      LOG_LEVEL: 'loud',
      CORS_ORIGINS: 'https://ok.example.org,https://bad.example.org/path',
      ALLOW_STAND_INS_IN_PRODUCTION: 'maybe',
      RATE_LIMIT_PER_MINUTE: '0',
    });
    const names = problems.map((problem) => problem.split(':')[0]);
    expect(names.sort()).toEqual(
      [
        'ALLOW_STAND_INS_IN_PRODUCTION',
        'CORS_ORIGINS',
        'DATABASE_URL',
        'LOG_LEVEL',
        'NODE_ENV',
        'PORT',
        'PUBLIC_URL',
        'RATE_LIMIT_PER_MINUTE',
        'REDIS_URL',
        'SMTP_URL',
      ].sort(),
    );
    const error = (() => {
      try {
        loadConfig({ PORT: 'eighty', NODE_ENV: 'staging' });
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error?.message).toMatch(/PORT: .*\n.*NODE_ENV: /s);
  });

  it('takes plate orders by e-mail from Mailgun when its signing key is set; the stand-in never in production', () => {
    const production = { ...SHARED_PRODUCTION, ...PRODUCTION_SECRETS, SMTP_URL: 'smtp://mail:25' };
    expect(loadConfig(production).inboundMail.mode).toBe('off');
    expect(loadConfig({ ...production, MAILGUN_WEBHOOK_SIGNING_KEY: 'key-1' }).inboundMail).toEqual({
      mode: 'provider',
      signingKey: 'key-1',
      plateOrderAddress: 'oblater@cykelregister.dk',
    });
    expect(loadConfig({ NODE_ENV: 'development' }).inboundMail.mode).toBe('stand-in');
  });

  it('refuses the mailbox stand-in in production unless it is explicitly allowed', () => {
    const production = { ...SHARED_PRODUCTION, ...PRODUCTION_SECRETS };
    expect(problemsOf(production)).toEqual([expect.stringMatching(/^SMTP_URL: must be set in production/)]);
    const allowed = loadConfig({ ...production, ALLOW_STAND_INS_IN_PRODUCTION: 'true' });
    expect(allowed.mail.transport).toBe('mailbox');
    expect(loadConfig({ ...production, SMTP_URL: 'smtp://mail:25' }).mail.transport).toBe('smtp');
  });

  it('refuses production without the secrets every instance must share, naming each missing one', () => {
    const {
      AUTH_PRIVATE_KEY: _a,
      FILE_URL_SECRET: _f,
      DATA_ENCRYPTION_KEY: _d,
      CERTIFICATE_PRIVATE_KEY: _c,
      ...paymentAccounts
    } = PRODUCTION_SECRETS;
    const production = { ...SHARED_PRODUCTION, SMTP_URL: 'smtp://mail:25', ...paymentAccounts };
    expect(problemsOf(production)).toEqual([
      expect.stringMatching(/^AUTH_PRIVATE_KEY: must be set in production; .*session tokens/),
      expect.stringMatching(/^FILE_URL_SECRET: must be set in production; .*file addresses/),
      expect.stringMatching(/^DATA_ENCRYPTION_KEY: must be set in production; .*encrypted fields/),
      expect.stringMatching(/^CERTIFICATE_PRIVATE_KEY: must be set in production; .*resale certificates/),
    ]);
    const { FILE_URL_SECRET: _left, ...withoutOne } = PRODUCTION_SECRETS;
    expect(
      problemsOf({ ...production, ...withoutOne, FILE_URL_SECRET: '' }).map((p) => p.split(':')[0]),
    ).toEqual(['FILE_URL_SECRET']);
    const config = loadConfig({ ...production, ...PRODUCTION_SECRETS });
    expect(config.auth.privateKey).toBe(PRODUCTION_SECRETS.AUTH_PRIVATE_KEY.trim());
    expect(config.certificates.privateKey).toBe(PRODUCTION_SECRETS.CERTIFICATE_PRIVATE_KEY.trim());
    expect(
      problemsOf({
        ...production,
        ...PRODUCTION_SECRETS,
        CERTIFICATE_PRIVATE_KEY: PRODUCTION_SECRETS.AUTH_PRIVATE_KEY,
      }),
    ).toEqual([expect.stringMatching(/^CERTIFICATE_PRIVATE_KEY: must differ from AUTH_PRIVATE_KEY/)]);
    expect(config.files.urlSecret).toBe(PRODUCTION_SECRETS.FILE_URL_SECRET);
    expect(config.dataEncryptionKey).toBe(PRODUCTION_SECRETS.DATA_ENCRYPTION_KEY);
    // Development keeps generating them under DATA_DIR/keys: `npm start` needs nothing set.
    expect(loadConfig({}).auth.privateKey).toBeUndefined();
  });

  it('binds to this machine only outside production, unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    const production = { ...SHARED_PRODUCTION, SMTP_URL: 'smtp://mail:25', ...PRODUCTION_SECRETS };
    expect(loadConfig(production).host).toBe('0.0.0.0');
    expect(loadConfig({ ...production, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('reports a production problem together with the others', () => {
    expect(
      problemsOf({ ...SHARED_PRODUCTION, ...PRODUCTION_SECRETS, PORT: '-1' })
        .map((problem) => problem.split(':')[0])
        .sort(),
    ).toEqual(['PORT', 'SMTP_URL']);
  });

  it('refuses development mode on an address other people can reach, unless explicitly allowed', () => {
    expect(problemsOf({ PUBLIC_URL: 'https://cykelregister.dk' })).toEqual([
      expect.stringMatching(/^PUBLIC_URL: .*NODE_ENV=production/),
    ]);
    expect(problemsOf({ NODE_ENV: 'test', PUBLIC_URL: 'http://192.168.1.20:3000' })).toHaveLength(1);
    for (const local of [
      'http://localhost:3000',
      'http://127.0.0.1:4173',
      'http://[::1]:3000',
      'http://app.localhost',
    ]) {
      expect(loadConfig({ PUBLIC_URL: local }).publicUrl).toBe(local);
    }
    const allowed = loadConfig({
      PUBLIC_URL: 'http://test.internal:3000',
      ALLOW_DEVELOPMENT_ON_PUBLIC_HOST: 'true',
    });
    expect(allowed.publicUrl).toBe('http://test.internal:3000');
  });

  it('fetches Google keys only over https in production', () => {
    const production = {
      ...SHARED_PRODUCTION,
      ...PRODUCTION_SECRETS,
      SMTP_URL: 'smtp://mail:25',
      GOOGLE_CLIENT_ID: 'client',
    };
    expect(problemsOf({ ...production, GOOGLE_JWKS_URL: 'http://keys.example/certs' })).toEqual([
      'GOOGLE_JWKS_URL: must be an https:// address in production',
    ]);
    expect(problemsOf({ ...production, GOOGLE_ISSUER: 'http://issuer.example' })).toEqual([
      'GOOGLE_ISSUER: must be an https:// address in production',
    ]);
  });

  it('reads how many instances share the rate limits (their share while Redis is down), two by default', () => {
    expect(loadConfig({}).rateLimit.instances).toBe(2);
    expect(loadConfig({ RATE_LIMIT_INSTANCES: '6' }).rateLimit.instances).toBe(6);
    expect(problemsOf({ RATE_LIMIT_INSTANCES: '0' })).toEqual([
      expect.stringMatching(/^RATE_LIMIT_INSTANCES: /),
    ]);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', SMTP_URL: '' })).toMatchObject({
      port: 3000,
      database: { kind: 'pglite' },
      mail: { transport: 'mailbox' },
    });
  });
});

describe('national identity provider settings', () => {
  const mitid = {
    MITID_ISSUER: 'https://dk.broker.example/',
    MITID_CLIENT_ID: 'nbr',
    MITID_CLIENT_SECRET: 's3cret',
  };

  it('uses the built-in test MitID/BankID outside production when no broker is set', () => {
    expect(loadConfig({}).identityProvider).toEqual({ kind: 'builtin', allowAutotestSkip: false });
    expect(loadConfig({ ALLOW_AUTOTEST_IDENTITY_SKIP: 'true' }).identityProvider.allowAutotestSkip).toBe(
      true,
    );
  });

  it('uses a configured broker, per country', () => {
    expect(loadConfig(mitid).identityProvider).toEqual({
      kind: 'oidc',
      mitid: { issuer: 'https://dk.broker.example/', clientId: 'nbr', clientSecret: 's3cret', acrValues: [] },
      bankid: null,
      allowAutotestSkip: false,
    });
    const both = loadConfig({
      ...mitid,
      BANKID_ISSUER: 'https://no.broker.example',
      BANKID_CLIENT_ID: 'nbr-no',
      BANKID_CLIENT_SECRET: 'hemmelig',
      IDENTITY_PROVIDER: 'oidc',
    }).identityProvider;
    expect(both).toMatchObject({ kind: 'oidc', bankid: { clientId: 'nbr-no' } });
  });

  it('reads the accepted assurance levels per broker, space-separated', () => {
    const pinned = loadConfig({
      ...mitid,
      MITID_ACR_VALUES:
        '  https://data.gov.dk/concept/core/nsis/loa/Substantial\thttps://data.gov.dk/concept/core/nsis/loa/High ',
      BANKID_ISSUER: 'https://no.broker.example',
      BANKID_CLIENT_ID: 'nbr-no',
      BANKID_CLIENT_SECRET: 'hemmelig',
      BANKID_ACR_VALUES: 'urn:bankid:high',
    }).identityProvider;
    expect(pinned).toMatchObject({
      mitid: {
        acrValues: [
          'https://data.gov.dk/concept/core/nsis/loa/Substantial',
          'https://data.gov.dk/concept/core/nsis/loa/High',
        ],
      },
      bankid: { acrValues: ['urn:bankid:high'] },
    });
    expect(loadConfig({ ...mitid, MITID_ACR_VALUES: '' }).identityProvider).toMatchObject({
      mitid: { acrValues: [] },
    });
    expect(problemsOf({ ...mitid, MITID_ACR_VALUES: 'løa' })).toEqual([
      expect.stringMatching(/^MITID_ACR_VALUES\b.*printable ASCII/),
    ]);
  });

  it('refuses incomplete or insecure broker settings', () => {
    const names = (env: Record<string, string>) => problemsOf(env).map((problem) => problem.split(':')[0]);
    expect(names({ MITID_ISSUER: 'https://dk.broker.example' })).toEqual([
      'MITID_CLIENT_ID',
      'MITID_CLIENT_SECRET',
    ]);
    expect(names({ BANKID_CLIENT_ID: 'x' })).toEqual(['BANKID_ISSUER']);
    expect(names({ ...mitid, MITID_ISSUER: 'http://dk.broker.example' })).toEqual(['MITID_ISSUER']);
    expect(names({ IDENTITY_PROVIDER: 'oidc' })).toEqual(['IDENTITY_PROVIDER']);
    expect(names({ IDENTITY_PROVIDER: 'nemid' })).toEqual(['IDENTITY_PROVIDER']);
  });

  it('never serves the built-in provider or the autotest skip in production', () => {
    const production = { ...SHARED_PRODUCTION, ...PRODUCTION_SECRETS, SMTP_URL: 'smtp://mail:25' };
    expect(
      problemsOf({ ...production, IDENTITY_PROVIDER: 'builtin', ALLOW_STAND_INS_IN_PRODUCTION: 'true' }),
    ).toEqual([
      expect.stringMatching(
        /^IDENTITY_PROVIDER: the built-in test MitID\/BankID is never served in production/,
      ),
    ]);
    expect(problemsOf({ ...production, ...mitid, ALLOW_AUTOTEST_IDENTITY_SKIP: 'true' })).toEqual([
      expect.stringMatching(/^ALLOW_AUTOTEST_IDENTITY_SKIP: /),
    ]);
    // Without a broker production starts, and verification answers identity_provider_unavailable.
    expect(loadConfig(production).identityProvider).toMatchObject({
      kind: 'oidc',
      mitid: null,
      bankid: null,
    });
    expect(loadConfig({ ...production, ...mitid }).identityProvider).toMatchObject({ kind: 'oidc' });
  });

  it('uses the built-in payment stand-ins outside production when no account is set', () => {
    const { payments } = loadConfig({ PUBLIC_URL: 'http://localhost:5173' });
    expect(payments.reepay).toEqual({
      mode: 'stand-in',
      ...STAND_IN_PAYMENT_CREDENTIALS.reepay,
      apiUrl: 'http://localhost:5173/dev/reepay/api',
      checkoutApiUrl: 'http://localhost:5173/dev/reepay/checkout-api',
      standInWebhookUrl: 'http://localhost:5173/api/webshop/webhooks/reepay',
    });
    expect(payments.vipps).toMatchObject({
      mode: 'stand-in',
      apiUrl: 'http://localhost:5173/dev/vipps/api',
      standInWebhookUrl: 'http://localhost:5173/api/webshop/webhooks/vipps',
    });
    expect(
      loadConfig({ REEPAY_STAND_IN_WEBHOOK_URL: 'http://127.0.0.1:4000/hooks' }).payments.reepay
        .standInWebhookUrl,
    ).toBe('http://127.0.0.1:4000/hooks');
  });

  it("uses a configured payment account, with the providers' addresses by default", () => {
    const { payments } = loadConfig({
      REEPAY_PRIVATE_KEY: 'priv_abc',
      REEPAY_WEBHOOK_SECRET: 'whs',
      VIPPS_CLIENT_ID: 'id',
      VIPPS_CLIENT_SECRET: 'secret',
      VIPPS_SUBSCRIPTION_KEY: 'key',
      VIPPS_MERCHANT_SERIAL_NUMBER: '123456',
      VIPPS_WEBHOOK_SECRET: 'vwhs',
      VIPPS_API_URL: 'https://apitest.vipps.no/',
    });
    expect(payments.reepay).toMatchObject({
      mode: 'provider',
      privateKey: 'priv_abc',
      webhookSecret: 'whs',
      apiUrl: 'https://api.reepay.com',
      checkoutApiUrl: 'https://checkout-api.reepay.com',
    });
    expect(payments.vipps).toMatchObject({
      mode: 'provider',
      clientId: 'id',
      merchantSerialNumber: '123456',
      apiUrl: 'https://apitest.vipps.no',
    });
  });

  it('refuses an incomplete payment account, production without one, and plain http in production', () => {
    const names = (env: Record<string, string>) => problemsOf(env).map((problem) => problem.split(':')[0]);
    expect(names({ REEPAY_PRIVATE_KEY: 'priv_abc' })).toEqual(['REEPAY_WEBHOOK_SECRET']);
    expect(names({ VIPPS_CLIENT_ID: 'id', VIPPS_MERCHANT_SERIAL_NUMBER: '12' })).toEqual([
      'VIPPS_MERCHANT_SERIAL_NUMBER',
      'VIPPS_CLIENT_SECRET',
      'VIPPS_SUBSCRIPTION_KEY',
      'VIPPS_WEBHOOK_SECRET',
    ]);
    const production = { ...SHARED_PRODUCTION, SMTP_URL: 'smtp://mail:25', ...PRODUCTION_SECRETS };
    const { REEPAY_PRIVATE_KEY: _key, ...withoutReepayKey } = production;
    expect(problemsOf(withoutReepayKey)).toEqual([
      expect.stringMatching(/^REEPAY_PRIVATE_KEY: must be set in production .*stand-in is never served/),
    ]);
    // ALLOW_STAND_INS_IN_PRODUCTION covers the mailbox only: money never goes to a stand-in.
    expect(names({ ...withoutReepayKey, ALLOW_STAND_INS_IN_PRODUCTION: 'true' })).toEqual([
      'REEPAY_PRIVATE_KEY',
    ]);
    expect(names({ ...production, REEPAY_API_URL: 'http://api.reepay.example' })).toEqual(['REEPAY_API_URL']);
    expect(names({ ...production, VIPPS_API_URL: 'http://api.vipps.example' })).toEqual(['VIPPS_API_URL']);
    expect(loadConfig(production).payments.reepay.mode).toBe('provider');
    expect(loadConfig(production).payments.vipps.mode).toBe('provider');
  });
});

describe('shutdown and free-space settings', () => {
  const production = { ...SHARED_PRODUCTION, ...PRODUCTION_SECRETS, SMTP_URL: 'smtp://mail:25' };

  it('drains 10 s in production and not at all elsewhere, and gives requests 15 s, unless set', () => {
    expect(loadConfig({}).shutdown).toEqual({ drainSeconds: 0, graceSeconds: 15 });
    expect(loadConfig({ NODE_ENV: 'test' }).shutdown).toEqual({ drainSeconds: 0, graceSeconds: 15 });
    expect(loadConfig(production).shutdown).toEqual({ drainSeconds: 10, graceSeconds: 15 });
    expect(
      loadConfig({ ...production, SHUTDOWN_DRAIN_SECONDS: '0', SHUTDOWN_GRACE_SECONDS: '40' }).shutdown,
    ).toEqual({ drainSeconds: 0, graceSeconds: 40 });
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '5' }).shutdown.drainSeconds).toBe(5);
  });

  it('keeps 64 MB free for the embedded database unless set', () => {
    expect(loadConfig({}).dataDirMinFreeBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ DATA_DIR_MIN_FREE_MB: '0' }).dataDirMinFreeBytes).toBe(0);
    expect(loadConfig({ DATA_DIR_MIN_FREE_MB: '512' }).dataDirMinFreeBytes).toBe(512 * 1024 * 1024);
  });

  it('names bad shutdown and free-space values', () => {
    const names = problemsOf({
      SHUTDOWN_DRAIN_SECONDS: '-1',
      SHUTDOWN_GRACE_SECONDS: '0',
      DATA_DIR_MIN_FREE_MB: 'lots',
    }).map((problem) => problem.split(':')[0]);
    expect(names).toEqual(['SHUTDOWN_DRAIN_SECONDS', 'SHUTDOWN_GRACE_SECONDS', 'DATA_DIR_MIN_FREE_MB']);
  });
});

describe('production as several instances, or one on purpose', () => {
  const production = { NODE_ENV: 'production', ...PRODUCTION_SECRETS, SMTP_URL: 'smtp://mail:25' };

  it('refuses a silent single-machine production, naming every missing shared service in one error', () => {
    const problems = problemsOf(production);
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'PUBLIC_URL',
      'TRUST_PROXY',
      'DATABASE_URL',
      'REDIS_URL',
      'FILE_STORAGE',
    ]);
    for (const problem of problems.slice(2)) {
      expect(problem).toMatch(
        /must be .* in production .*; set .*, or set ALLOW_SINGLE_MACHINE_IN_PRODUCTION=true/,
      );
    }
    expect(problems[0]).toMatch(/^PUBLIC_URL: must be set in production to the https:\/\/ address/);
    expect(problems[1]).toMatch(/^TRUST_PROXY: must be set in production: .*; set the proxy's addresses/);
    // Disk storage named explicitly is the same single-machine setup.
    const { S3_BUCKET: _bucket, S3_REGION: _region, ...withoutS3 } = SHARED_PRODUCTION;
    expect(problemsOf({ ...withoutS3, ...production, FILE_STORAGE: 'disk' })).toEqual([
      expect.stringMatching(/^FILE_STORAGE: must be s3 in production/),
    ]);
    expect(loadConfig({ ...SHARED_PRODUCTION, ...production }).files.storage.kind).toBe('s3');
  });

  it('wants an https PUBLIC_URL in production, with the single-machine flag and on loopback too', () => {
    const names = (env: Record<string, string>) => problemsOf(env).map((problem) => problem.split(':')[0]);
    expect(names({ ...SHARED_PRODUCTION, ...production, PUBLIC_URL: 'http://cykelregister.dk' })).toEqual([
      'PUBLIC_URL',
    ]);
    for (const publicUrl of ['http://cykelregister.dk', 'http://localhost:3000', 'http://127.0.0.1:3000']) {
      expect(names({ ...SINGLE_MACHINE_PRODUCTION, ...production, PUBLIC_URL: publicUrl })).toEqual([
        'PUBLIC_URL',
      ]);
    }
    expect(
      problemsOf({ ...SINGLE_MACHINE_PRODUCTION, ...production, PUBLIC_URL: 'http://localhost' })[0],
    ).toMatch(
      /^PUBLIC_URL: must be an https:\/\/ address in production; let the proxy in front of the API serve https/,
    );
  });

  it('wants TRUST_PROXY said explicitly in production, false included', () => {
    const { TRUST_PROXY: _unset, ...withoutProxy } = SHARED_PRODUCTION;
    expect(problemsOf({ ...withoutProxy, ...production }).map((problem) => problem.split(':')[0])).toEqual([
      'TRUST_PROXY',
    ]);
    expect(problemsOf({ ...withoutProxy, ...production, TRUST_PROXY: '' })).toHaveLength(1);
    expect(problemsOf({ ...SINGLE_MACHINE_PRODUCTION, ...production, TRUST_PROXY: '' })).toEqual([
      expect.stringMatching(/^TRUST_PROXY: must be set in production/),
    ]);
    expect(loadConfig({ ...withoutProxy, ...production, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...withoutProxy, ...production, TRUST_PROXY: '127.0.0.1' }).trustProxy).toBe(
      '127.0.0.1',
    );
    // Outside production nothing is behind a proxy unless said.
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('runs as one instance with ALLOW_SINGLE_MACHINE_IN_PRODUCTION, and says so at start', () => {
    const config = loadConfig({ ...SINGLE_MACHINE_PRODUCTION, ...production });
    expect(config).toMatchObject({
      database: { kind: 'pglite' },
      redisUrl: null,
      files: { storage: { kind: 'disk' } },
      publicUrl: 'https://cykelregister.example',
      singleMachineInProduction: true,
    });
    expect(productionStartupNotices(config)).toEqual([
      'single-machine mode (ALLOW_SINGLE_MACHINE_IN_PRODUCTION): run exactly one instance; PGlite database in DATA_DIR, rate limits and live events in memory, files on disk in DATA_DIR',
    ]);
    // PostgreSQL on one machine is a single-machine install too.
    const onPostgres = loadConfig({
      ...SINGLE_MACHINE_PRODUCTION,
      ...production,
      DATABASE_URL: 'postgres://db/nbr',
    });
    expect(productionStartupNotices(onPostgres)).toEqual([
      expect.stringMatching(
        /^single-machine mode .*: run exactly one instance; rate limits .*, files on disk/,
      ),
    ]);
    expect(loadConfig({ ...SHARED_PRODUCTION, ...production }).singleMachineInProduction).toBe(false);
    expect(productionStartupNotices(loadConfig({ ...SHARED_PRODUCTION, ...production }))).toEqual([]);
    expect(loadConfig({ ALLOW_SINGLE_MACHINE_IN_PRODUCTION: 'true' }).singleMachineInProduction).toBe(false);
    expect(problemsOf({ ALLOW_SINGLE_MACHINE_IN_PRODUCTION: 'maybe' })).toEqual([
      'ALLOW_SINGLE_MACHINE_IN_PRODUCTION: must be true or false',
    ]);
  });

  it('says at start that production mails go nowhere without SMTP_URL', () => {
    const { SMTP_URL: _smtp, ...withoutSmtp } = production;
    const config = loadConfig({
      ...SHARED_PRODUCTION,
      ...withoutSmtp,
      ALLOW_STAND_INS_IN_PRODUCTION: 'true',
    });
    expect(productionStartupNotices(config)).toEqual([expect.stringMatching(/^production without SMTP_URL/)]);
  });
});

describe("the stand-ins' published secrets", () => {
  const production = { ...SHARED_PRODUCTION, ...PRODUCTION_SECRETS, SMTP_URL: 'smtp://mail:25' };
  const published = {
    REEPAY_PRIVATE_KEY: STAND_IN_PAYMENT_CREDENTIALS.reepay.privateKey,
    REEPAY_WEBHOOK_SECRET: STAND_IN_PAYMENT_CREDENTIALS.reepay.webhookSecret,
    VIPPS_CLIENT_ID: STAND_IN_PAYMENT_CREDENTIALS.vipps.clientId,
    VIPPS_CLIENT_SECRET: STAND_IN_PAYMENT_CREDENTIALS.vipps.clientSecret,
    VIPPS_SUBSCRIPTION_KEY: STAND_IN_PAYMENT_CREDENTIALS.vipps.subscriptionKey,
    VIPPS_WEBHOOK_SECRET: STAND_IN_PAYMENT_CREDENTIALS.vipps.webhookSecret,
    MAILGUN_WEBHOOK_SIGNING_KEY: STAND_IN_MAILGUN_SIGNING_KEY,
  };

  it('are refused in production, each named', () => {
    const problems = problemsOf({ ...production, ...published });
    expect(problems.map((problem) => problem.split(':')[0])).toEqual(Object.keys(published));
    expect(problems[0]).toMatch(/published value, with which anyone can sign; set your own account's value$/);
    // One of them alone is enough to refuse the start.
    expect(
      problemsOf({ ...production, REEPAY_WEBHOOK_SECRET: ` ${published.REEPAY_WEBHOOK_SECRET}\n` }),
    ).toEqual([expect.stringMatching(/^REEPAY_WEBHOOK_SECRET: /)]);
    // Outside production they are what the stand-ins use.
    expect(
      loadConfig({ ...published, VIPPS_MERCHANT_SERIAL_NUMBER: '123456' }).payments.reepay.webhookSecret,
    ).toBe(published.REEPAY_WEBHOOK_SECRET);
  });

  it('never verify a webhook in production, however the configuration was made', () => {
    const secrets = [published.REEPAY_WEBHOOK_SECRET, published.MAILGUN_WEBHOOK_SIGNING_KEY, 'own-secret'];
    expect(acceptedWebhookSecrets({ isProduction: true }, secrets)).toEqual(['own-secret']);
    expect(acceptedWebhookSecrets({ isProduction: false }, secrets)).toEqual(secrets);
  });
});

describe('secrets from files (<NAME>_FILE)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'nbr-config-secrets-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  async function secretFile(name: string, content: string): Promise<string> {
    const file = path.join(dir, name);
    await writeFile(file, content);
    return file;
  }

  it('reads the value from the file, without its trailing line break', async () => {
    const config = loadConfig({
      ...SHARED_PRODUCTION,
      SMTP_URL: 'smtp://mail:25',
      ...PRODUCTION_SECRETS,
      AUTH_PRIVATE_KEY: '',
      AUTH_PRIVATE_KEY_FILE: await secretFile('auth-private-key', PRODUCTION_SECRETS.AUTH_PRIVATE_KEY),
      FILE_URL_SECRET: '',
      FILE_URL_SECRET_FILE: await secretFile('file-url-secret', `${PRODUCTION_SECRETS.FILE_URL_SECRET}\n`),
      REEPAY_WEBHOOK_SECRET: '',
      REEPAY_WEBHOOK_SECRET_FILE: await secretFile('reepay-webhook', 'whsec from a file\r\n'),
      DATABASE_URL: '',
      DATABASE_URL_FILE: await secretFile('database-url', 'postgres://nbr:p%40ss@db:5432/nbr\n'),
    });
    expect(config.auth.privateKey).toBe(PRODUCTION_SECRETS.AUTH_PRIVATE_KEY.trim());
    expect(config.files.urlSecret).toBe(PRODUCTION_SECRETS.FILE_URL_SECRET);
    expect(config.payments.reepay.webhookSecret).toBe('whsec from a file');
    expect(config.database).toMatchObject({ kind: 'postgres', url: 'postgres://nbr:p%40ss@db:5432/nbr' });
  });

  it('refuses a variable set both ways, and a file it cannot read, naming the variable once', async () => {
    const file = await secretFile('smtp-url', 'smtp://mail:25\n');
    expect(problemsOf({ SMTP_URL: 'smtp://other:25', SMTP_URL_FILE: file })).toEqual([
      'SMTP_URL: is set together with SMTP_URL_FILE; keep only one of them',
    ]);
    const missing = path.join(dir, 'not-mounted');
    const production = { ...SHARED_PRODUCTION, SMTP_URL: 'smtp://mail:25', ...PRODUCTION_SECRETS };
    const { DATA_ENCRYPTION_KEY: _key, ...withoutKey } = production;
    // Not "DATA_ENCRYPTION_KEY: must be set in production" as well: the file is the one problem.
    expect(problemsOf({ ...withoutKey, DATA_ENCRYPTION_KEY_FILE: missing })).toEqual([
      `DATA_ENCRYPTION_KEY_FILE: cannot read ${missing} (ENOENT); mount the secret at that path or correct DATA_ENCRYPTION_KEY_FILE`,
    ]);
    expect(problemsOf({ ...withoutKey, DATA_ENCRYPTION_KEY_FILE: dir })).toEqual([
      expect.stringMatching(/^DATA_ENCRYPTION_KEY_FILE: cannot read .* \(EISDIR\)/),
    ]);
  });

  it('never prints what the file holds', async () => {
    const file = await secretFile('bad-key', 'hunter2-is-not-a-key\n');
    const error = (() => {
      try {
        loadConfig({ DATA_ENCRYPTION_KEY_FILE: file, FILE_URL_SECRET_FILE: file });
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error?.message).toMatch(/DATA_ENCRYPTION_KEY: must be 32 bytes, base64/);
    expect(error?.message).toMatch(/FILE_URL_SECRET: must be at least 32 characters/);
    expect(error?.message).not.toContain('hunter2');
  });

  it('is read for every secret variable', () => {
    const missing = path.join(dir, 'none');
    const env = Object.fromEntries(SECRET_FILE_VARIABLES.map((name) => [`${name}_FILE`, missing]));
    expect(problemsOf(env).map((problem) => problem.split(':')[0])).toEqual(
      SECRET_FILE_VARIABLES.map((name) => `${name}_FILE`),
    );
    expect(SECRET_FILE_VARIABLES).toEqual(
      expect.arrayContaining([
        'AUTH_PRIVATE_KEY',
        'FILE_URL_SECRET',
        'DATA_ENCRYPTION_KEY',
        'REEPAY_PRIVATE_KEY',
        'REEPAY_WEBHOOK_SECRET',
        'VIPPS_CLIENT_SECRET',
        'VIPPS_SUBSCRIPTION_KEY',
        'VIPPS_WEBHOOK_SECRET',
        'MAILGUN_WEBHOOK_SIGNING_KEY',
        'MITID_CLIENT_SECRET',
        'BANKID_CLIENT_SECRET',
        'S3_SECRET_ACCESS_KEY',
        'SMTP_URL',
        'DATABASE_URL',
        'REDIS_URL',
      ]),
    );
  });
});

describe('keys accepted besides the current one (rotation)', () => {
  const PUBLIC_PEM =
    '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n-----END PUBLIC KEY-----';
  const JWK = { kty: 'OKP', crv: 'Ed25519', x: 'Gb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE' };

  it('reads several public keys that verify session tokens: PEM blocks, a JWK or a JWK set', () => {
    expect(loadConfig({}).auth.acceptedPublicKeys).toEqual([]);
    expect(
      loadConfig({ AUTH_ACCEPTED_PUBLIC_KEYS: `${PUBLIC_PEM}\n${PUBLIC_PEM.replace(/\n/g, '\\n')}` }).auth
        .acceptedPublicKeys,
    ).toEqual([PUBLIC_PEM, PUBLIC_PEM]);
    expect(loadConfig({ AUTH_ACCEPTED_PUBLIC_KEYS: JSON.stringify(JWK) }).auth.acceptedPublicKeys).toEqual([
      JSON.stringify(JWK),
    ]);
    expect(
      loadConfig({ AUTH_ACCEPTED_PUBLIC_KEYS: JSON.stringify({ keys: [JWK, JWK] }) }).auth.acceptedPublicKeys,
    ).toHaveLength(2);
    for (const bad of [
      'not a key',
      '{"keys": [',
      '-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----',
    ]) {
      expect(problemsOf({ AUTH_ACCEPTED_PUBLIC_KEYS: bad })).toEqual([
        'AUTH_ACCEPTED_PUBLIC_KEYS: must be PEM public keys, a JWK or a JWK set',
      ]);
    }
  });

  it('reads further file address secrets and data encryption keys, comma-separated', () => {
    const secret = 'a-previous-file-url-secret-of-32-chars';
    expect(
      loadConfig({ FILE_URL_ACCEPTED_SECRETS: ` ${secret} , ${secret}x ` }).files.acceptedUrlSecrets,
    ).toEqual([secret, `${secret}x`]);
    expect(problemsOf({ FILE_URL_ACCEPTED_SECRETS: `${secret},short` })).toEqual([
      expect.stringMatching(/^FILE_URL_ACCEPTED_SECRETS\.1: must be at least 32 characters/),
    ]);
    const key = PRODUCTION_SECRETS.DATA_ENCRYPTION_KEY;
    expect(loadConfig({ DATA_ENCRYPTION_ACCEPTED_KEYS: key }).dataEncryptionAcceptedKeys).toEqual([key]);
    expect(problemsOf({ DATA_ENCRYPTION_ACCEPTED_KEYS: `${key},c2hvcnQ=` })).toEqual([
      expect.stringMatching(/^DATA_ENCRYPTION_ACCEPTED_KEYS\.1: must be 32 bytes, base64/),
    ]);
    expect(loadConfig({}).files.acceptedUrlSecrets).toEqual([]);
    expect(loadConfig({}).dataEncryptionAcceptedKeys).toEqual([]);
  });
});

describe('metrics settings', () => {
  it('open no metrics listener unless METRICS_PORT is set, and bind it to this machine outside production', () => {
    expect(loadConfig({}).metrics).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      host: '0.0.0.0',
      port: 9464,
    });
    const production = { ...SHARED_PRODUCTION, ...PRODUCTION_SECRETS, SMTP_URL: 'smtp://mail:25' };
    expect(loadConfig({ ...production, METRICS_PORT: '9464' }).metrics).toEqual({
      host: '0.0.0.0',
      port: 9464,
    });
  });

  it('refuses a metrics port that is not a port, or is the public one', () => {
    expect(problemsOf({ METRICS_PORT: 'ninety' })).toEqual(['METRICS_PORT: must be a number']);
    expect(problemsOf({ METRICS_PORT: '3000' })).toEqual([
      'METRICS_PORT: must differ from PORT; the metrics are served apart from the public port',
    ]);
    expect(problemsOf({ PORT: '8080', METRICS_PORT: '8080' })).toHaveLength(1);
  });
});

describe('tracing settings', () => {
  it('trace only when an OTLP endpoint is set and the SDK is not disabled', () => {
    expect(isTracingConfigured({})).toBe(false);
    expect(isTracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(
      isTracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }),
    ).toBe(true);
    expect(
      isTracingConfigured({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_SDK_DISABLED: 'TRUE',
      }),
    ).toBe(false);
    // Never throws: a malformed endpoint leaves tracing off, and loadConfig names it.
    expect(isTracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toBe(false);
  });

  it('refuses a malformed endpoint, an encoding that is not built in, and a disabled flag that is not true or false', () => {
    expect(
      problemsOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
        OTEL_SDK_DISABLED: 'yes',
      }).map((problem) => problem.split(':')[0]),
    ).toEqual(['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_PROTOCOL', 'OTEL_SDK_DISABLED']);
    expect(() =>
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector.example:4318',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_SERVICE_NAME: 'nbr-api-blue',
        OTEL_SDK_DISABLED: 'False',
      }),
    ).not.toThrow();
  });
});

describe('loadConfig: the PostgreSQL pool and its timeouts', () => {
  const postgres = { DATABASE_URL: 'postgres://nbr@db:5432/nbr' };

  it('defaults to 10 connections, 5 s to connect, 30 s per statement, 60 s idle in a transaction, no pooler', () => {
    expect(loadConfig(postgres).database).toEqual({
      kind: 'postgres',
      url: 'postgres://nbr@db:5432/nbr',
      settings: {
        maxConnections: 10,
        connectTimeoutMs: 5000,
        statementTimeoutMs: 30_000,
        idleInTransactionTimeoutMs: 60_000,
        behindPooler: false,
      },
    });
  });

  it('reads DATABASE_POOL_MAX, the three timeouts and DATABASE_BEHIND_POOLER', () => {
    const config = loadConfig({
      ...postgres,
      DATABASE_POOL_MAX: '25',
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '15000',
      DATABASE_BEHIND_POOLER: 'true',
    });
    expect(config.database).toMatchObject({
      settings: {
        maxConnections: 25,
        connectTimeoutMs: 2000,
        statementTimeoutMs: 0,
        idleInTransactionTimeoutMs: 15_000,
        behindPooler: true,
      },
    });
  });

  it('refuses a pool of none, a connect timeout of none and values that are not numbers', () => {
    const problems = problemsOf({
      ...postgres,
      DATABASE_POOL_MAX: '0',
      DATABASE_CONNECT_TIMEOUT_MS: '0',
      DATABASE_STATEMENT_TIMEOUT_MS: 'soon',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '-1',
      DATABASE_BEHIND_POOLER: 'maybe',
    });
    for (const name of [
      'DATABASE_POOL_MAX',
      'DATABASE_CONNECT_TIMEOUT_MS',
      'DATABASE_STATEMENT_TIMEOUT_MS',
      'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS',
      'DATABASE_BEHIND_POOLER',
    ]) {
      expect(problems.some((problem) => problem.startsWith(`${name}:`))).toBe(true);
    }
  });
});

describe('address look-up (issue 27)', () => {
  it('uses the stand-in outside production, the registers in production, and never the stand-in there', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).addressLookup).toEqual({
      mode: 'stand-in',
      dawaUrl: 'http://localhost:3000/dev/addresses/dawa',
      kartverketUrl: 'http://localhost:3000/dev/addresses/kartverket',
    });
    const production = { ...SHARED_PRODUCTION, ...PRODUCTION_SECRETS, SMTP_URL: 'smtp://mail:25' };
    expect(loadConfig(production).addressLookup).toEqual({
      mode: 'registers',
      dawaUrl: null,
      kartverketUrl: 'https://ws.geonorge.no',
    });
    expect(
      loadConfig({ ...production, DAWA_API_URL: 'https://adresser.example.dk' }).addressLookup.dawaUrl,
    ).toBe('https://adresser.example.dk');
    expect(loadConfig({ ...production, ADDRESS_LOOKUP: 'off' }).addressLookup.mode).toBe('off');
    expect(problemsOf({ ...production, ADDRESS_LOOKUP: 'stand-in' })).toEqual([
      expect.stringMatching(/^ADDRESS_LOOKUP: the built-in address stand-in .* never used in production/),
    ]);
  });
});
