import { defineConfig } from 'vitest/config';
import { webTestFilesNeedingIsolation } from './apps/web/vitest.isolation.ts';

const isolatedWebTests = webTestFilesNeedingIsolation();

/**
 * One Vitest run covers every workspace; each workspace declares its own project. With
 * TEST_DATABASE_URL set, the API tests run a second time against that PostgreSQL.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on a two-core machine. The API
    // tests mostly wait for a database, so two files at a time use the machine better.
    maxWorkers: 2,
    projects: [
      'packages/domain',
      'apps/api',
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
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: './apps/api/vitest.config.ts',
              root: './apps/api',
              test: { name: 'api-postgres', env: { TEST_DB_KIND: 'postgres' } },
            },
          ]
        : []),
    ],
  },
});
