import { defineConfig } from '@playwright/test';

/*
 * End-to-end suite. Run it through `npm run test:e2e` (scripts/e2e.mjs), which builds the web app,
 * starts the API on a fresh database (PGlite, or a new database on TEST_DATABASE_URL's PostgreSQL)
 * and passes its address in E2E_BASE_URL.
 *
 * Chromium comes from Debian (/usr/bin/chromium); Playwright's own browser downloads are not
 * available on these machines. One journey per behaviour, at the width its people use: a test tagged
 * `@phone` runs on the 360 px phone project (the mobile-first journeys: a person on their phone),
 * every other test on the desktop project (staff, insurers, operators, and the desktop layout of the
 * shared screens). A test tagged `@phone @desktop` runs on both, where the two layouts differ in what
 * the journey does (the chat's list beside its thread, the stolen-bike map beside its list). Running
 * every @phone journey on both cost 14 of the suite's 55 minutes of test time (7 Dec 2026).
 */

const isCI = Boolean(process.env.CI);
const baseURL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
// Separate folders let two suites run side by side without wiping each other's artefacts.
const outputDir = process.env.E2E_OUTPUT_DIR ?? 'test-results';
const reportDir = process.env.E2E_REPORT_DIR ?? 'playwright-report';

const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir,
  fullyParallel: true,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  // Measured on the 2-core CI machine with the server on PostgreSQL (2026-11, busy machine): 3
  // workers made each test 1.6 times slower and the suite 956 s instead of 847 s; the browsers, not
  // the database, use up the cores. `npm run test:e2e -- --workers=N` tries another count.
  workers: 2,
  // A cold Vite chunk, argon2 hashing and the database share two cores with the browser.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: isCI
    ? [['line'], ['html', { open: 'never', outputFolder: reportDir }]]
    : [['list'], ['html', { open: 'never', outputFolder: reportDir }]],
  use: {
    baseURL,
    locale: 'da-DK',
    timezoneId: 'Europe/Copenhagen',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // A trace records a screencast and a DOM snapshot at every step: measured on this 2-core machine
    // (7 Dec 2026, ten journeys), recording it for every test made them 180 s instead of 130 s. CI
    // retries a failed test once and records the retry; locally add `--trace=retain-on-failure`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    video: 'off',
    // The offline shell's service worker installs in every new browser context, that is once per
    // test. When it precached the whole build (581 files), 48 journeys took 342 CPU-seconds and 211 s
    // with it, 252 and 179 s without (7 Dec 2026); it now precaches the shell only (45 files), but
    // its work is still its own journey's (shell-platform.spec.ts allows it), not every test's.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'desktop',
      grep: /^(?![\s\S]*@phone)|@desktop/,
      use: { ...chromium, viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      grep: /@phone/,
      use: {
        ...chromium,
        viewport: { width: 360, height: 780 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
});
