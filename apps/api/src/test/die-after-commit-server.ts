import { mkdir } from 'node:fs/promises';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seedDemoData } from '../db/seed/demo.ts';

/*
 * The API as `npm start` runs it (configuration from the environment, PGlite in DATA_DIR or
 * DATABASE_URL, migrations, demo accounts), plus one thing for idempotency.crash.test.ts: a request
 * carrying DIE_HEADER is answered by no one. Once its handler is done (its transaction committed)
 * and before its answer is serialized or sent, the process kills itself with SIGKILL, as a machine
 * that loses power: no hook, no shutdown, nothing flushed.
 */

const DIE_HEADER = 'x-test-die-after-commit';

const config = loadConfig();
if (config.database.kind === 'pglite') await mkdir(config.database.dataDir, { recursive: true });
const database = await connectDatabase(
  config.database.kind === 'pglite'
    ? { kind: 'pglite', dataDir: config.database.dataDir }
    : { kind: 'postgres', url: config.database.url },
);
await migrate(database);
await seedDemoData(database.db);
const app = await buildApp({ config, database });
app.addHook('preSerialization', async (request, _reply, payload) => {
  if (request.headers[DIE_HEADER]) process.kill(process.pid, 'SIGKILL');
  return payload;
});
await app.listen({ port: config.port, host: '127.0.0.1' });
console.log('listening');
