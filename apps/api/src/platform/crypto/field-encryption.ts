import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/*
 * Encryption of single sensitive fields at rest (the national id number of an insurance holder):
 * AES-256-GCM with a random 96-bit nonce per value. A stored value reads
 * `v1.<key id>.<nonce>.<ciphertext+tag>` (base64url), so values tell which key sealed them. The key
 * is DATA_ENCRYPTION_KEY (32 bytes, base64; the same on every API instance) or one generated under
 * DATA_DIR/keys. Rotation: DATA_ENCRYPTION_ACCEPTED_KEYS decrypt too, never encrypt, so values
 * sealed with the previous key stay readable until they are sealed again (reseal).
 */
export interface FieldEncryption {
  /** The id of the key that encrypts, as it appears in the values it seals. */
  keyId: string;
  encrypt(plaintext: string): string;
  /** Throws on a value sealed by a key that is not configured, or tampered with. */
  decrypt(sealed: string): string;
  /** The value sealed with the current key, or null when it already is (re-encryption after a rotation). */
  reseal(sealed: string): string | null;
}

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** A short, non-secret name of the key: the first bytes of its SHA-256 (docs/operations.md computes it too). */
export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 8);
}

export function createFieldEncryption(key: Buffer, accepted: readonly Buffer[] = []): FieldEncryption {
  for (const candidate of [key, ...accepted]) {
    if (candidate.length !== 32) throw new Error('a data encryption key must be 32 bytes');
  }
  const id = keyId(key);
  const decryptionKeys = new Map([key, ...accepted].map((candidate) => [keyId(candidate), candidate]));
  const keyIdOf = (value: string) => value.split('.')[1];

  function decrypt(value: string): string {
    const [version, valueKeyId, nonce, sealed] = value.split('.');
    if (version !== 'v1' || !valueKeyId || !nonce || !sealed) throw new Error('not an encrypted field value');
    const sealingKey = decryptionKeys.get(valueKeyId);
    if (!sealingKey) throw new Error('the field was encrypted with another key');
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', sealingKey, Buffer.from(nonce, 'base64url'));
    decipher.setAAD(Buffer.from(valueKeyId));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }

  function encrypt(plaintext: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, nonce);
    // The key id is authenticated too: a value cannot be moved under another key's name.
    cipher.setAAD(Buffer.from(id));
    const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `v1.${id}.${nonce.toString('base64url')}.${sealed.toString('base64url')}`;
  }

  return {
    keyId: id,
    encrypt,
    decrypt,
    reseal: (value) => (keyIdOf(value) === id ? null : encrypt(decrypt(value))),
  };
}

/** The configured key, else one generated once and kept under DATA_DIR/keys (one instance). */
export async function loadDataEncryptionKey(source: {
  key: string | undefined;
  dataDir: string | null;
}): Promise<Buffer> {
  if (source.key) return Buffer.from(source.key, 'base64');
  if (!source.dataDir) return randomBytes(32);
  const dir = join(source.dataDir, 'keys');
  const file = join(dir, 'data-encryption-key');
  const existing = await readFile(file, 'utf8').catch(() => null);
  if (existing?.trim()) return Buffer.from(existing.trim(), 'base64');
  await mkdir(dir, { recursive: true });
  await writeFile(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' }).catch(
    async () => undefined,
  );
  return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
}

/** The field encryption of this instance: DATA_ENCRYPTION_KEY (or the generated one) and the accepted keys. */
export async function loadFieldEncryption(source: {
  key: string | undefined;
  acceptedKeys: readonly string[];
  dataDir: string | null;
}): Promise<FieldEncryption> {
  const key = await loadDataEncryptionKey({ key: source.key, dataDir: source.dataDir });
  return createFieldEncryption(
    key,
    source.acceptedKeys.map((accepted) => Buffer.from(accepted, 'base64')),
  );
}
