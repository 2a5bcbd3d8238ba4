import { defineConfig } from 'vitest/config';
import { webTestFilesNeedingIsolation } from './apps/web/vitest.isolation.ts';

const isolatedWebTests = webTestFilesNeedingIsolation();

const usePostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The API tests on the embedded PGlite when they also run on PostgreSQL (TEST_DATABASE_URL, as in
 * CI): what differs between the two engines is the database itself — migrations, extensions, the
 * demo seed and start-up — not the SQL the modules send (PGlite is PostgreSQL compiled to
 * WebAssembly; no module has a code path of its own for it). Those run on both; every module's HTTP
 * tests run once, on PostgreSQL, which serves two test files at a time where PGlite runs them one
 * query at a time (the PGlite pass cost 625 s of the 1,095 s the API tests took in CI, 2026-11-27).
 * Without TEST_DATABASE_URL (`npm test` on a machine without PostgreSQL) every API test runs on
 * PGlite.
 */
const API_TESTS = ['src/**/*.test.ts'];
const API_TESTS_ON_BOTH_ENGINES = ['src/db/**/*.test.ts', 'src/server.test.ts'];

/** One Vitest run covers every workspace; each workspace declares its own project. */
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on a two-core machine. The API
    // tests mostly wait for a database, so two files at a time use the machine better.
    maxWorkers: 2,
    projects: [
      'packages/domain',
      {
        extends: './apps/api/vitest.config.ts',
        root: './apps/api',
        test: { name: 'api', include: usePostgres ? API_TESTS_ON_BOTH_ENGINES : API_TESTS },
      },
      {
        extends: './apps/web/vitest.config.ts',
        root: './apps/web',
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: isolatedWebTests,
          isolate: false,
        },
      },
      {
        extends: './apps/web/vitest.config.ts',
        root: './apps/web',
        test: { name: 'web-isolated', include: isolatedWebTests },
      },
      // The deployment files against their published schemas and config.ts (no container engine here).
      { test: { name: 'deploy', root: './deploy', include: ['**/*.test.ts'], environment: 'node' } },
      ...(usePostgres
        ? [
            {
              extends: './apps/api/vitest.config.ts',
              root: './apps/api',
              test: { name: 'api-postgres', include: API_TESTS, env: { TEST_DB_KIND: 'postgres' } },
            },
          ]
        : []),
    ],
  },
});
