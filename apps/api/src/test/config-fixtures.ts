/**
 * The secrets and accounts production refuses to start without (config.ts), as test values: spread them into a
 * production environment that a test means to start. Never used outside tests.
 */
export const PRODUCTION_SECRETS = {
  AUTH_PRIVATE_KEY:
    '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEINmil93e5nCtyfwpXwY47m7CogGS2lkAddSz5hkMd/Bb\n-----END PRIVATE KEY-----\n',
  CERTIFICATE_PRIVATE_KEY:
    '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEINSgNPGE3y3zy+x9iXk2gIy+OBIi+GzQyhF6LNyIQRJy\n-----END PRIVATE KEY-----\n',
  FILE_URL_SECRET: 'KjdAb1dOTW7-E73ueamiLujBPDGEo7EL',
  DATA_ENCRYPTION_KEY: '4yA4klnDP8y5wU5Zjy3/MPzePdsaM2Dfk1BfXa/Fmig=',
  REEPAY_PRIVATE_KEY: 'priv_0123456789abcdef0123456789abcdef',
  REEPAY_WEBHOOK_SECRET: 'webhook_secret_0123456789abcdef',
  VIPPS_CLIENT_ID: 'client-id-0123456789',
  VIPPS_CLIENT_SECRET: 'client-secret-0123456789',
  VIPPS_SUBSCRIPTION_KEY: 'subscription-key-0123456789',
  VIPPS_MERCHANT_SERIAL_NUMBER: '654321',
  VIPPS_WEBHOOK_SECRET: 'webhook-secret-0123456789',
} as const;

/**
 * Production as one instance on purpose (config.ts productionSetupProblems): the single-machine flag,
 * with the https address and the proxy setting production asks of every install. For a test that
 * starts a production app, which keeps PGlite, memory limits and its own file storage.
 */
export const SINGLE_MACHINE_PRODUCTION = {
  NODE_ENV: 'production',
  ALLOW_SINGLE_MACHINE_IN_PRODUCTION: 'true',
  PUBLIC_URL: 'https://cykelregister.example',
  TRUST_PROXY: 'false',
} as const;

/**
 * Production as several instances: the shared services and the proxy setting it refuses to start
 * without. For configuration tests only: an app built from it would connect to these addresses.
 */
export const SHARED_PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://cykelregister.example',
  TRUST_PROXY: '10.0.0.0/8',
  DATABASE_URL: 'postgres://nbr@db.internal:5432/nbr',
  REDIS_URL: 'redis://cache.internal:6379',
  FILE_STORAGE: 's3',
  S3_BUCKET: 'nbr-files',
  S3_REGION: 'eu-north-1',
} as const;
