import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, STAND_IN_PAYMENT_CREDENTIALS } from './config.ts';
import { PRODUCTION_SECRETS } from './test/config-fixtures.ts';

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
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/nbr',
      DATABASE_URL: 'postgres://nbr@db:5432/nbr',
      PUBLIC_URL: 'https://cykelregister.dk/',
      SMTP_URL: 'smtps://user:pass@smtp.example.org:465',
      MAIL_FROM: 'Cykelregister <noreply@cykelregister.dk>',
      REDIS_URL: 'redis://cache:6379',
      NODE_ENV: 'production',
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
    const production = { NODE_ENV: 'production', ...PRODUCTION_SECRETS, SMTP_URL: 'smtp://mail:25' };
    expect(loadConfig(production).inboundMail.mode).toBe('off');
    expect(loadConfig({ ...production, MAILGUN_WEBHOOK_SIGNING_KEY: 'key-1' }).inboundMail).toEqual({
      mode: 'provider',
      signingKey: 'key-1',
      plateOrderAddress: 'oblater@cykelregister.dk',
    });
    expect(loadConfig({ NODE_ENV: 'development' }).inboundMail.mode).toBe('stand-in');
  });

  it('refuses the mailbox stand-in in production unless it is explicitly allowed', () => {
    const production = { NODE_ENV: 'production', ...PRODUCTION_SECRETS };
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
      ...paymentAccounts
    } = PRODUCTION_SECRETS;
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', ...paymentAccounts };
    expect(problemsOf(production)).toEqual([
      expect.stringMatching(/^AUTH_PRIVATE_KEY: must be set in production; .*session tokens/),
      expect.stringMatching(/^FILE_URL_SECRET: must be set in production; .*file addresses/),
      expect.stringMatching(/^DATA_ENCRYPTION_KEY: must be set in production; .*encrypted fields/),
    ]);
    const { FILE_URL_SECRET: _left, ...withoutOne } = PRODUCTION_SECRETS;
    expect(
      problemsOf({ ...production, ...withoutOne, FILE_URL_SECRET: '' }).map((p) => p.split(':')[0]),
    ).toEqual(['FILE_URL_SECRET']);
    const config = loadConfig({ ...production, ...PRODUCTION_SECRETS });
    expect(config.auth.privateKey).toBe(PRODUCTION_SECRETS.AUTH_PRIVATE_KEY.trim());
    expect(config.files.urlSecret).toBe(PRODUCTION_SECRETS.FILE_URL_SECRET);
    expect(config.dataEncryptionKey).toBe(PRODUCTION_SECRETS.DATA_ENCRYPTION_KEY);
    // Development keeps generating them under DATA_DIR/keys: `npm start` needs nothing set.
    expect(loadConfig({}).auth.privateKey).toBeUndefined();
  });

  it('binds to this machine only outside production, unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', ...PRODUCTION_SECRETS };
    expect(loadConfig(production).host).toBe('0.0.0.0');
    expect(loadConfig({ ...production, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('reports a production problem together with the others', () => {
    expect(
      problemsOf({ NODE_ENV: 'production', ...PRODUCTION_SECRETS, PORT: '-1' })
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
      NODE_ENV: 'production',
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
    const production = { NODE_ENV: 'production', ...PRODUCTION_SECRETS, SMTP_URL: 'smtp://mail:25' };
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
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25', ...PRODUCTION_SECRETS };
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
