import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './file-storage.ts';

/** Keys are paths of safe segments made by the API; anything else is a bug, refused loudly. */
const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

function contentTypeOf(key: string): string {
  const extension = path.extname(key).toLowerCase();
  if (extension === '.webp') return 'image/webp';
  if (extension === '.jpg' || extension === '.jpeg') return 'image/jpeg';
  if (extension === '.png') return 'image/png';
  if (extension === '.pdf') return 'application/pdf';
  return 'application/octet-stream';
}

export interface DiskStorageOptions {
  /** Writes a file's bytes; tests pass one that fails as a full disk does (ENOSPC) part-way through. */
  writeFile?: typeof writeFile;
}

/**
 * Writes beside the target and renames, so a reader never sees half a file; a write that fails (a
 * full disk) removes what it wrote, so nothing half-written stays behind.
 */
async function writeWhole(target: string, body: Buffer, write: typeof writeFile): Promise<void> {
  const partial = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.partial`;
  try {
    await write(partial, body, { mode: 0o640 });
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** Files on the local disk under `root` (DATA_DIR/files): the default for one API instance. */
export function createDiskStorage(root: string, options: DiskStorageOptions = {}): FileStorage {
  const write = options.writeFile ?? writeFile;
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.split('/').some((segment) => segment === '..' || segment === '.')) {
      throw new Error(`unsafe storage key: ${key}`);
    }
    return path.join(root, ...key.split('/'));
  };
  return {
    name: 'disk',
    async put(key, body) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeWhole(target, body, write);
    },
    async get(key) {
      const target = resolve(key);
      const info = await stat(target).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: createReadStream(target), contentType: contentTypeOf(key), size: info.size };
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(resolve(key), { force: true })));
    },
    async checkWritable() {
      // A dot name no key can take (SAFE_KEY), removed at once; a full disk fails the write.
      const probe = path.join(root, `.probe-${process.pid}-${randomBytes(6).toString('hex')}`);
      await mkdir(root, { recursive: true });
      await writeWhole(probe, Buffer.from('probe'), write);
      await rm(probe, { force: true });
    },
  };
}
