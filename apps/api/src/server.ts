import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { connectDatabase, type DatabaseConnection, type DatabaseLog } from './db/client.ts';
import { type MigrationResult, migrate } from './db/migrate.ts';
import { type DemoAccount, seedDemoData } from './db/seed/demo.ts';
import { DatabaseWaitAborted, waitForDatabase } from './db/wait-for-database.ts';

/** In-flight requests get this long to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

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

/** Stops accepting connections, lets in-flight requests finish, stops the worker, closes the database. */
function handleShutdown(app: FastifyInstance, database: DatabaseConnection): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    // A supervisor and the terminal often deliver the same signal twice; the timer below bounds the wait.
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      await app.close();
      await database.close();
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

    if (config.isProduction && config.mail.transport === 'mailbox') {
      app.log.warn(
        'production without SMTP_URL (ALLOW_STAND_INS_IN_PRODUCTION): mails are not delivered to anyone',
      );
    }
    handleShutdown(app, database);
    app.mailWorker.start();
    app.chatNotifier.start();
    app.supportSweeper.start();
    app.orderReconciler.start();
    await app.listen({ port: config.port, host: config.host });
    printBanner(config);
  } catch (error) {
    if (error instanceof DatabaseWaitAborted) {
      console.warn('Stopped before the database answered.');
      await database.close().catch(() => undefined);
      process.exit(0);
    }
    console.error('Start-up failed:', error);
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(1);
  }
}

await main();
