import { defineConfig } from 'vitest/config';

/**
 * API tests go through HTTP against a fresh app per file: PGlite in memory by default, a fresh
 * schema of the PostgreSQL at TEST_DATABASE_URL when TEST_DB_KIND=postgres (the root config adds
 * that second run as the project `api-postgres`).
 */
export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    env: { NODE_ENV: 'test' },
    // Starting PGlite and migrating takes a few seconds on a busy machine.
    hookTimeout: 60_000,
    testTimeout: 20_000,
  },
});
