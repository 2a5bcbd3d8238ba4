/**
 * The secrets production refuses to start without (config.ts), as test values: spread them into a
 * production environment that a test means to start. Never used outside tests.
 */
export const PRODUCTION_SECRETS = {
  AUTH_PRIVATE_KEY:
    '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEINmil93e5nCtyfwpXwY47m7CogGS2lkAddSz5hkMd/Bb\n-----END PRIVATE KEY-----\n',
  FILE_URL_SECRET: 'KjdAb1dOTW7-E73ueamiLujBPDGEo7EL',
  DATA_ENCRYPTION_KEY: '4yA4klnDP8y5wU5Zjy3/MPzePdsaM2Dfk1BfXa/Fmig=',
} as const;
