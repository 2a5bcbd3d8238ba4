import type { Readable } from 'node:stream';

/*
 * Where uploaded files live: on disk under DATA_DIR/files by default, or in S3-compatible object
 * storage (S3_*) when several API instances share files. Keys are opaque paths made by the caller,
 * e.g. `bikes/{bikeId}/{fileId}.webp`; they never contain user input.
 */
export interface StoredFile {
  body: Readable;
  contentType: string;
  size: number;
}

export interface FileStorage {
  /** `disk` or `s3`, for logs and the health of the configuration. */
  readonly name: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Null when the key does not exist. */
  get(key: string): Promise<StoredFile | null>;
  /** Deletes every key; keys that do not exist are ignored. */
  delete(keys: readonly string[]): Promise<void>;
  /** Writes and deletes a small probe; rejects when a file could not be stored now (readiness). */
  checkWritable(): Promise<void>;
}
