import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from './client.ts';
import { DataDirectoryInUseError, lockDataDirectory } from './pglite-lock.ts';

const LOCK_MODULE = fileURLToPath(new URL('./pglite-lock.ts', import.meta.url));

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'nbr-pglite-lock-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Another process that takes the lock and keeps it until it is killed. */
function holdLockInAnotherProcess(directory: string) {
  const script = `import { lockDataDirectory } from ${JSON.stringify(LOCK_MODULE)};
await lockDataDirectory(${JSON.stringify(directory)});
console.log('locked');
setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('locked')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the lock holder exited early (${code})`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, locked, exited };
}

describe('one process at a time on an embedded database', () => {
  it('refuses a second open of the same directory until the first is closed', {
    timeout: 60_000,
  }, async () => {
    const dataDir = path.join(root, 'twice');
    const first = await connectDatabase({ kind: 'pglite', dataDir });
    const refused = await connectDatabase({ kind: 'pglite', dataDir }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirectoryInUseError);
    expect((refused as DataDirectoryInUseError).pid).toBe(process.pid);
    await first.close();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);

    const again = await connectDatabase({ kind: 'pglite', dataDir });
    await again.ping();
    await again.close();
  });

  it('refuses while another process holds it, and takes it over once that process is killed', {
    timeout: 60_000,
  }, async () => {
    const directory = path.join(root, 'held');
    const holder = holdLockInAnotherProcess(directory);
    await holder.locked;
    const refused = await lockDataDirectory(directory).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataDirectoryInUseError);
    expect((refused as DataDirectoryInUseError).pid).toBe(holder.child.pid);

    // kill -9 leaves the lock file behind: its process is gone, so it no longer counts.
    holder.child.kill('SIGKILL');
    await holder.exited;
    expect(existsSync(`${directory}.lock`)).toBe(true);
    const lock = await lockDataDirectory(directory);
    await lock.release();
    expect(existsSync(`${directory}.lock`)).toBe(false);
  });

  it.runIf(existsSync('/proc/self/stat'))(
    'takes over a lock whose pid now belongs to another process (a restarted container)',
    async () => {
      const directory = path.join(root, 'reused');
      // This process's pid, but a start time it never had: the pid of an earlier life.
      await writeFile(`${directory}.lock`, JSON.stringify({ pid: process.pid, startedAt: '1' }));
      const lock = await lockDataDirectory(directory);
      await lock.release();
    },
  );
});
