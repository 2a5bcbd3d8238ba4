import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { FileStorage } from './file-storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Unset: AWS itself. Set for MinIO, Ceph, Hetzner, Scaleway, R2 and the like. */
  endpoint: string | null;
  /** Both unset: the SDK's default chain (environment, IAM role of the instance or task). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** `bucket` in the path instead of the host name; most self-hosted services need it. */
  forcePathStyle: boolean;
}

export interface S3Storage extends FileStorage {
  /** Closes the client's kept-alive connections (app close). */
  close(): void;
}

/** The key is missing; a missing bucket or a refused request is a real error. */
function isNotFound(error: unknown): boolean {
  return error instanceof NoSuchKey || (error instanceof S3ServiceException && error.name === 'NoSuchKey');
}

/**
 * Files in an S3-compatible bucket, for several API instances sharing files. The bucket stays
 * private: files are served through the API's signed addresses (GET /api/files/…), never by the
 * bucket, so access rules live in one place.
 */
export function createS3Storage(options: S3StorageOptions): S3Storage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 demands them: newer defaults add CRC headers that several
    // S3-compatible services (and s3rver in tests) do not understand and store as part of the body.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const bucket = options.bucket;
  // One probe key per instance, written and deleted by each readiness check (see checkWritable).
  const probeKey = `health-probes/${randomBytes(8).toString('hex')}`;
  return {
    name: 's3',
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!answer.Body) return null;
        return {
          body: answer.Body as Readable,
          contentType: answer.ContentType ?? 'application/octet-stream',
          size: answer.ContentLength ?? 0,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(keys) {
      // One request per key: a bike's files are a handful, and DeleteObjects needs a Content-MD5
      // that not every S3-compatible service checks the same way. Deleting a missing key succeeds.
      await Promise.all(
        keys.map((key) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))),
      );
    },
    /*
     * A put and a delete of a few bytes: the two permissions the API needs anyway. HeadBucket would
     * be cheaper but needs s3:ListBucket, which a least-privilege policy (objects only) does not
     * grant; a missing key cannot be told from a refused one without it either.
     */
    async checkWritable() {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: probeKey,
          Body: 'probe',
          ContentType: 'text/plain',
          ContentLength: 5,
        }),
      );
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: probeKey }));
    },
    close() {
      client.destroy();
    },
  };
}
