import { statfs } from 'node:fs/promises';

const MB = 1024 * 1024;

/**
 * What is wrong when the disk of `dataDir` has less than `minimumBytes` free, in words an operator
 * can act on; null when there is enough. The embedded database (PGlite) fails obscurely on a full
 * disk ("PGlite failed to initialize properly") and writes its log 16 MB at a time, so start-up
 * asks first.
 */
export async function freeSpaceProblem(
  dataDir: string,
  minimumBytes: number,
  readFileSystem: typeof statfs = statfs,
): Promise<string | null> {
  const { bavail, bsize } = await readFileSystem(dataDir);
  const free = bavail * bsize;
  if (free >= minimumBytes) return null;
  return (
    `The disk of DATA_DIR (${dataDir}) has ${Math.floor(free / MB)} MB free; the embedded database needs at ` +
    `least ${Math.ceil(minimumBytes / MB)} MB to start and to write (DATA_DIR_MIN_FREE_MB). Free space on that ` +
    'disk (old backups, logs), or move DATA_DIR to a larger one, then start again. Nothing was changed.'
  );
}
