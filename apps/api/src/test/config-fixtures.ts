/**
 * The secrets and accounts production refuses to start without (config.ts), as test values: spread them into a
 * production environment that a test means to start. Never used outside tests.
 */
export const PRODUCTION_SECRETS = {
  AUTH_PRIVATE_KEY:
    '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEINmil93e5nCtyfwpXwY47m7CogGS2lkAddSz5hkMd/Bb\n-----END PRIVATE KEY-----\n',
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
