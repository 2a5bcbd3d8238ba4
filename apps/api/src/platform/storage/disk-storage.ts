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

/** Files on the local disk under `root` (DATA_DIR/files): the default for one API instance. */
export function createDiskStorage(root: string): FileStorage {
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
      // Write beside and rename, so a reader never sees half a file.
      const partial = `${target}.${process.pid}.${Date.now()}.partial`;
      await writeFile(partial, body, { mode: 0o640 });
      await rename(partial, target);
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
  };
}
