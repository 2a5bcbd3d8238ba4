import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { z } from 'zod';

/*
 * The backup archive of a single-machine install (npm run backup / restore): one gzipped tar of
 *
 *   database/pglite.tar   the embedded database, as PGlite dumps it (dumpDataDir)
 *   keys/…                the keys generated under DATA_DIR/keys (token signing, file addresses,
 *                         field encryption)
 *   files/…               uploaded pictures and documents (DATA_DIR/files)
 *   manifest.json         last: what the archive holds, with each entry's size and SHA-256
 *
 * The manifest comes last so the archive is written in one pass; an archive cut short has none, and
 * gzip's own checksum catches damage anywhere else. Reading extracts into a directory while hashing
 * and refuses anything the manifest does not vouch for.
 */

export const BACKUP_FORMAT = 'nordic-bike-registry-backup';
/** Raised when the layout changes; a restore refuses versions it does not know. */
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const DATABASE_ENTRY = 'database/pglite.tar';

/** What a restore may write, relative to its directory: nothing outside keys/ and files/. */
const ENTRY_PATH = /^(database\/pglite\.tar|keys\/[^/]+|files\/[^/].*)$/;
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

const ArchiveEntrySchema = z.object({
  path: z.string(),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ArchiveEntry = z.infer<typeof ArchiveEntrySchema>;

export const BackupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int(),
  createdAt: z.string(),
  /** The API's package version that wrote the archive. */
  appVersion: z.string(),
  database: z.object({
    engine: z.literal('pglite'),
    postgresVersion: z.string(),
    /** Migrations applied to the database, in order: a restore refuses ones its code does not know. */
    migrations: z.array(z.string()),
    /** Rows per table when the backup was taken; a restore checks the restored database against them. */
    rowCounts: z.record(z.string(), z.number().int().min(0)),
  }),
  /** disk: uploaded files are in this archive; s3: they are in the bucket, backed up on its own. */
  fileStorage: z.enum(['disk', 's3']),
  /** Secrets the install takes from its environment: not in this archive, keep them in your secret store. */
  keysFromEnvironment: z.array(z.string()),
  entries: z.array(ArchiveEntrySchema),
});
export type BackupManifest = z.infer<typeof BackupManifestSchema>;

export class CorruptArchiveError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'CorruptArchiveError';
  }
}

/** One entry to write: bytes in memory, or a file read as it is packed. */
export type ArchiveSource = { path: string; buffer: Buffer } | { path: string; file: string };

/** Every regular file under `root/folder`, as sources named `folder/<relative path>`, in name order. */
export async function filesUnder(root: string, folder: string): Promise<ArchiveSource[]> {
  const base = path.join(root, folder);
  const found = await readdir(base, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return found
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
    .map((file) => ({ path: `${folder}/${path.relative(base, file).split(path.sep).join('/')}`, file }));
}

function sha256Tap(onDone: (hash: string, size: number) => void): Transform {
  const hash = createHash('sha256');
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
    flush(callback) {
      onDone(hash.digest('hex'), size);
      callback();
    },
  });
}

/** Writes one entry into the pack, hashing its bytes on the way; resolves once the pack took them. */
async function packEntry(pack: tar.Pack, source: ArchiveSource, mtime: Date): Promise<ArchiveEntry> {
  const size = 'buffer' in source ? source.buffer.length : (await stat(source.file)).size;
  const hash = createHash('sha256');
  let written = 0;
  await new Promise<void>((resolve, reject) => {
    const sink = pack.entry({ name: source.path, size, mode: 0o600, mtime, type: 'file' }, (error) =>
      error ? reject(error) : resolve(),
    );
    const feed = async () => {
      const chunks: AsyncIterable<Buffer> | Buffer[] =
        'buffer' in source ? [source.buffer] : createReadStream(source.file);
      for await (const chunk of chunks) {
        hash.update(chunk);
        written += chunk.length;
        if (!sink.write(chunk)) await new Promise<void>((drained) => sink.once('drain', () => drained()));
      }
      // A file that changed size while it was packed would leave a broken tar entry.
      if (written !== size) throw new Error(`${source.path} changed while it was backed up`);
      sink.end(undefined);
    };
    feed().catch((error: unknown) => {
      sink.destroy(error as Error);
      reject(error);
    });
  });
  return { path: source.path, size, sha256: hash.digest('hex') };
}

export interface WrittenArchive {
  manifest: BackupManifest;
  /** Size and SHA-256 of the archive file itself, for the operator to note down. */
  bytes: number;
  sha256: string;
}

/**
 * Writes the archive to `target` (created with mode 0600: it holds keys): the sources, then the
 * manifest `describe` makes from their entries. Written under a temporary name and renamed, so
 * `target` is never half an archive.
 */
export async function writeBackupArchive(
  target: string,
  sources: readonly ArchiveSource[],
  describe: (entries: ArchiveEntry[]) => BackupManifest,
): Promise<WrittenArchive> {
  const partial = `${target}.partial-${process.pid}`;
  const pack = tar.pack();
  let archive = { sha256: '', bytes: 0 };
  // Settled into a value at once: a write error must not go unhandled while entries are packed.
  const written = pipeline(
    pack,
    createGzip(),
    sha256Tap((sha256, bytes) => {
      archive = { sha256, bytes };
    }),
    createWriteStream(partial, { mode: 0o600, flags: 'wx' }),
  ).then(
    () => null,
    (error: unknown) => error as Error,
  );
  try {
    const mtime = new Date();
    const entries: ArchiveEntry[] = [];
    for (const source of sources) entries.push(await packEntry(pack, source, mtime));
    const manifest = describe(entries);
    await packEntry(
      pack,
      { path: MANIFEST_ENTRY, buffer: Buffer.from(JSON.stringify(manifest, null, 2)) },
      mtime,
    );
    pack.finalize();
    const failure = await written;
    if (failure) throw failure;
    await rename(partial, target);
    return { manifest, ...archive };
  } catch (error) {
    pack.destroy(error as Error);
    await written;
    await rm(partial, { force: true });
    throw error;
  }
}

function checkEntryPath(name: string): void {
  const segments = name.split('/');
  if (!ENTRY_PATH.test(name) || segments.some((segment) => ['', '.', '..'].includes(segment))) {
    throw new CorruptArchiveError(`unexpected entry ${JSON.stringify(name)}`);
  }
}

/**
 * Extracts an archive into `directory` (created; it must not exist) and answers its manifest, after
 * checking that the archive is whole (gzip's checksum, a manifest at the end), of a format version
 * this code reads, and that every entry is exactly one the manifest lists, with its size and
 * SHA-256. Anything else is a CorruptArchiveError; the caller removes `directory`.
 */
export async function extractBackupArchive(file: string, directory: string): Promise<BackupManifest> {
  await mkdir(directory, { mode: 0o700 });
  const found = new Map<string, ArchiveEntry>();
  let manifestText: string | null = null;
  const extract = tar.extract();
  // Settled into a value at once: damaged bytes must not go unhandled while an entry is written.
  const reading = pipeline(createReadStream(file), createGunzip(), extract).then(
    () => null,
    (error: unknown) => error as Error,
  );
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (found.has(name) || manifestText !== null) {
        throw new CorruptArchiveError(
          `unexpected entry ${JSON.stringify(name)} (repeated, or after the manifest)`,
        );
      }
      if (entry.header.type !== 'file') {
        throw new CorruptArchiveError(`unexpected ${entry.header.type} entry ${JSON.stringify(name)}`);
      }
      if (name === MANIFEST_ENTRY) {
        if ((entry.header.size ?? 0) > MAX_MANIFEST_BYTES)
          throw new CorruptArchiveError('manifest too large');
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        manifestText = Buffer.concat(chunks).toString('utf8');
        continue;
      }
      checkEntryPath(name);
      const target = path.join(directory, ...name.split('/'));
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await pipeline(
        entry,
        sha256Tap((sha256, size) => found.set(name, { path: name, size, sha256 })),
        createWriteStream(target, { mode: 0o600, flags: 'wx' }),
      );
    }
    const failure = await reading;
    if (failure) throw failure;
  } catch (error) {
    const failure = await reading;
    if (error instanceof CorruptArchiveError) throw error;
    const cause = failure ?? (error as Error);
    // A system call's error (disk full, no permission) is ours to report as it is; anything else
    // came from the bytes: zlib's checksum or inflate errors, or the tar parser's.
    if ('syscall' in cause) throw cause;
    throw new CorruptArchiveError(`the archive is damaged or incomplete (${cause.message})`);
  }
  if (manifestText === null)
    throw new CorruptArchiveError('no manifest: the archive is incomplete or not a backup');
  return checkManifest(manifestText, found);
}

function checkManifest(text: string, found: Map<string, ArchiveEntry>): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CorruptArchiveError('the manifest is not JSON');
  }
  const format = (json as { format?: unknown; formatVersion?: unknown } | null) ?? {};
  if (format.format !== BACKUP_FORMAT) throw new CorruptArchiveError('not a Nordic Bike Registry backup');
  if (format.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new CorruptArchiveError(
      `format version ${String(format.formatVersion)}, but this version reads ${BACKUP_FORMAT_VERSION} only`,
    );
  }
  const parsed = BackupManifestSchema.safeParse(json);
  if (!parsed.success)
    throw new CorruptArchiveError(`the manifest is malformed (${parsed.error.issues[0]?.message})`);
  const manifest = parsed.data;
  const listed = new Map(manifest.entries.map((entry) => [entry.path, entry]));
  for (const [name, entry] of found) {
    const expected = listed.get(name);
    if (!expected) throw new CorruptArchiveError(`${name} is not in the manifest`);
    if (expected.size !== entry.size || expected.sha256 !== entry.sha256) {
      throw new CorruptArchiveError(`${name} does not match its checksum in the manifest`);
    }
  }
  const missing = manifest.entries.filter((entry) => !found.has(entry.path)).map((entry) => entry.path);
  if (missing.length > 0) throw new CorruptArchiveError(`missing from the archive: ${missing.join(', ')}`);
  if (!found.has(DATABASE_ENTRY)) throw new CorruptArchiveError(`no ${DATABASE_ENTRY}`);
  return manifest;
}
