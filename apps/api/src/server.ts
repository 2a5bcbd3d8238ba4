import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig, productionStartupNotices } from './config.ts';
import { connectDatabase, type DatabaseConnection, type DatabaseLog } from './db/client.ts';
import { freeSpaceProblem } from './db/free-space.ts';
import { type MigrationResult, migrate } from './db/migrate.ts';
import { type DemoAccount, seedDemoData } from './db/seed/demo.ts';
import { DatabaseWaitAborted, waitForDatabase } from './db/wait-for-database.ts';
import { serializeError } from './platform/http/logging.ts';

function printDemoAccounts(accounts: DemoAccount[]): void {
  if (accounts.length === 0) return;
  const lines = [
    'Demo accounts (development only; created on first start, passwords as set then):',
    ...accounts.map(
      (account) =>
        `  ${account.email.padEnd(32)} ${account.password}   (${account.language}, ${account.region})${account.created ? '  new' : ''}`,
    ),
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '─'.repeat(width + 2);
  console.log(`\n┌${rule}┐\n${lines.map((line) => `│ ${line.padEnd(width)} │`).join('\n')}\n└${rule}┘\n`);
}

function printBanner(config: Config): void {
  const lines = [
    `Nordic Bike Registry: ${config.publicUrl}`,
    `  API docs:  ${config.publicUrl}/api/docs`,
    ...(config.isProduction ? [] : [`  Mailbox:   ${config.publicUrl}/dev/mailbox`]),
    `  Database:  ${config.database.kind === 'pglite' ? `PGlite in ${config.database.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Mail:      ${config.mail.transport === 'smtp' ? 'SMTP (SMTP_URL)' : 'built-in mailbox (nothing leaves this machine)'}`,
  ];
  console.log(`\n${lines.join('\n')}\n`);
}

async function openDatabase(config: Config, log: DatabaseLog): Promise<DatabaseConnection> {
  if (config.database.kind === 'pglite') {
    await mkdir(config.database.dataDir, { recursive: true });
    return connectDatabase({ kind: 'pglite', dataDir: config.database.dataDir });
  }
  return connectDatabase({ kind: 'postgres', url: config.database.url, ...config.database.settings }, log);
}

/**
 * Migrates once the database answers. Started during a database restart or failover, the instance
 * waits with back-off, one line per attempt (a fixed reason, never the address), instead of exiting;
 * SIGTERM or SIGINT during the wait ends it (DatabaseWaitAborted).
 */
async function migrateOnceDatabaseAnswers(database: DatabaseConnection): Promise<MigrationResult> {
  const stopWaiting = new AbortController();
  const stop = () => stopWaiting.abort();
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  try {
    return await waitForDatabase(() => migrate(database), {
      signal: stopWaiting.signal,
      onRetry: (attempt, reason, delayMs) =>
        console.warn(
          `Database not reachable (attempt ${attempt}: ${reason}); trying again in ${(delayMs / 1000).toFixed(1)} s`,
        ),
    });
  } finally {
    process.off('SIGTERM', stop);
    process.off('SIGINT', stop);
  }
}

/**
 * SIGTERM or SIGINT: report not ready at once (GET /api/health/ready answers 503, /api/health/live
 * still 200) and keep serving for SHUTDOWN_DRAIN_SECONDS while the load balancer notices; then stop
 * accepting connections, let in-flight requests finish (at most SHUTDOWN_GRACE_SECONDS), stop the
 * workers, close the websockets (1001) and the database, and exit 0. A later signal changes nothing:
 * a terminal and a supervisor (npm, a container runtime) often deliver the same one twice.
 */
function handleShutdown(
  app: FastifyInstance,
  database: DatabaseConnection,
  settings: Config['shutdown'],
): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.info({ signal }, 'already shutting down');
      return;
    }
    stopping = true;
    app.readiness.startDraining();
    app.log.info(
      { signal, drain_seconds: settings.drainSeconds },
      'shutting down: reporting not ready while the load balancer stops sending requests',
    );
    await new Promise((resolve) => setTimeout(resolve, settings.drainSeconds * 1000));
    app.log.info(
      { grace_seconds: settings.graceSeconds },
      'closing: no new connections; in-flight requests may finish',
    );
    setTimeout(() => {
      app.log.error('in-flight requests did not finish within SHUTDOWN_GRACE_SECONDS; exiting');
      process.exit(1);
    }, settings.graceSeconds * 1000).unref();
    try {
      await app.close();
      await database.close();
      app.log.info('shut down');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  await mkdir(config.dataDir, { recursive: true });
  if (config.database.kind === 'pglite') {
    const problem = await freeSpaceProblem(config.dataDir, config.dataDirMinFreeBytes);
    if (problem) {
      console.error(problem);
      process.exit(1);
    }
  }
  let app: FastifyInstance | undefined;
  // Lost connections are reported through the app's logger once there is one.
  const databaseLog: DatabaseLog = {
    warn: (details, message) => (app ? app.log.warn(details, message) : console.warn(message, details)),
  };
  const database = await openDatabase(config, databaseLog);
  try {
    const { applied } = await migrateOnceDatabaseAnswers(database);
    app = await buildApp({ config, database });
    app.log.info({ applied }, applied.length > 0 ? 'migrations applied' : 'database schema is current');

    // Demo accounts have a published password: never in production.
    if (!config.isProduction) printDemoAccounts(await seedDemoData(database.db));

    for (const notice of productionStartupNotices(config)) app.log.warn(notice);
    handleShutdown(app, database, config.shutdown);
    app.mailWorker.start();
    app.chatNotifier.start();
    app.supportSweeper.start();
    app.orderReconciler.start();
    app.lockDevicePass.start();
    app.flowWalkRetention.start();
    app.webhookDelivery.start();
    app.bulkImportPass.start();
    await app.listen({ port: config.port, host: config.host });
    printBanner(config);
  } catch (error) {
    if (error instanceof DatabaseWaitAborted) {
      console.warn('Stopped before the database answered.');
      await database.close().catch(() => undefined);
      process.exit(0);
    }
    // Through the logger's serializer: a failed migration's error carries the values of its rows.
    console.error('Start-up failed:', serializeError(error));
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(1);
  }
}

await main();
