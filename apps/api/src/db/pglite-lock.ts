import { readFileSync } from 'node:fs';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * PGlite keeps its files in one directory and, unlike a PostgreSQL server, does not stop a second
 * process from opening them: two processes writing the same files corrupt them. Every process that
 * opens an embedded database (the server, npm run staff:grant, npm run backup / restore) therefore
 * takes `<directory>.lock` first (DATA_DIR/pglite.lock), naming its process. A lock whose process is
 * gone (killed with -9, or the machine or container restarted) is stale and taken over, so a crash
 * never keeps the server from starting again.
 */

export class DataDirectoryInUseError extends Error {
  constructor(
    readonly directory: string,
    readonly pid: number,
  ) {
    super(
      `${directory} is in use by process ${pid} (the server, or a command such as npm run backup): ` +
        "PGlite's files take one process at a time. Stop that process first.",
    );
    this.name = 'DataDirectoryInUseError';
  }
}

export interface DataDirectoryLock {
  /** Removes the lock file, unless another process has meanwhile taken it over. */
  release(): Promise<void>;
}

interface LockHolder {
  pid: number;
  /** The process's start time as the kernel counts it; null where /proc is missing. */
  startedAt: string | null;
}

/**
 * When a process started (Linux: field 22 of /proc/<pid>/stat, clock ticks since boot); null where
 * there is no /proc. A pid is reused after a restart (in a container the server is often pid 1 each
 * time), so a live pid alone does not prove that the lock's holder still runs.
 */
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses; fields after it are space-separated.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isRunning(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const startedAt = processStartTime(holder.pid);
  return holder.startedAt === null || startedAt === null || startedAt === holder.startedAt;
}

async function readHolder(file: string): Promise<LockHolder | null> {
  try {
    const holder = JSON.parse(await readFile(file, 'utf8')) as Partial<LockHolder>;
    return typeof holder.pid === 'number' ? { pid: holder.pid, startedAt: holder.startedAt ?? null } : null;
  } catch {
    return null;
  }
}

/**
 * Creates `file` with `content` unless it exists (EEXIST). Linking a written draft into place means
 * the lock file never exists without its content; a file system without hard links gets an
 * exclusive create instead.
 */
async function createExclusively(file: string, draft: string, content: string): Promise<void> {
  try {
    await link(draft, file);
  } catch (error) {
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP'].includes((error as NodeJS.ErrnoException).code ?? ''))
      throw error;
    await writeFile(file, content, { flag: 'wx' });
  }
}

/**
 * Takes `<directory>.lock` for this process; fails with DataDirectoryInUseError while another
 * running process holds it (this one too: a second open in the same process is refused as well).
 */
export async function lockDataDirectory(directory: string): Promise<DataDirectoryLock> {
  const file = `${path.resolve(directory)}.lock`;
  await mkdir(path.dirname(file), { recursive: true });
  const ours: LockHolder = { pid: process.pid, startedAt: processStartTime(process.pid) };
  const content = JSON.stringify(ours);
  const draft = `${file}.${process.pid}.${Date.now()}`;
  await writeFile(draft, content);
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        await createExclusively(file, draft, content);
        return {
          async release() {
            if ((await readFile(file, 'utf8').catch(() => null)) === content) {
              await unlink(file).catch(() => undefined);
            }
          },
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = await readHolder(file);
      if (holder && isRunning(holder)) throw new DataDirectoryInUseError(directory, holder.pid);
      // Stale: its process is gone.
      await unlink(file).catch(() => undefined);
    }
    throw new Error(`${file}: could not take the lock (other processes keep taking it)`);
  } finally {
    await unlink(draft).catch(() => undefined);
  }
}
