import { defineConfig } from 'vitest/config';

/**
 * API tests go through HTTP against a fresh app per file: PGlite in memory by default, a fresh
 * database (a copy of a migrated template) on the PostgreSQL at TEST_DATABASE_URL when TEST_DB_KIND=postgres (the root config adds
 * that second run as the project `api-postgres`).
 */
export default defineConfig({
  test: {
    name: 'api',
    // No `include` here: the root config's projects set theirs (Vitest would add them up).
    environment: 'node',
    env: { NODE_ENV: 'test' },
    // Starting PGlite and migrating takes a few seconds on a busy machine.
    hookTimeout: 60_000,
    // Every file builds its own app on its own database, so files share nothing through modules;
    // importing the app's module graph once per worker instead of once per file took the API suite
    // on PGlite from 116 s to 83 s for 28 files (measured 2026-11-27; 106 files: 238 s on PGlite,
    // 200 s on PostgreSQL). A test that changes module state (fake timers) restores it afterwards.
    isolate: false,
    testTimeout: 20_000,
  },
});
