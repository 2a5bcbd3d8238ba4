import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createFieldEncryption,
  keyId,
  loadDataEncryptionKey,
  loadFieldEncryption,
} from './field-encryption.ts';

describe('field encryption', () => {
  const encryption = createFieldEncryption(randomBytes(32));

  it('gives back what it sealed, and never the same text twice', () => {
    const first = encryption.encrypt('0101901234');
    const second = encryption.encrypt('0101901234');
    expect(first).not.toContain('0101901234');
    expect(first).not.toBe(second);
    expect(encryption.decrypt(first)).toBe('0101901234');
    expect(encryption.decrypt(second)).toBe('0101901234');
  });

  it('refuses a tampered value and one sealed by another key', () => {
    const sealed = encryption.encrypt('0101901234');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() => encryption.decrypt([...parts.slice(0, 3), body.toString('base64url')].join('.'))).toThrow();
    expect(() => createFieldEncryption(randomBytes(32)).decrypt(sealed)).toThrow(/another key/);
  });

  it('keeps a generated key under DATA_DIR/keys, so values stay readable after a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'nbr-key-'));
    try {
      const key = await loadDataEncryptionKey({ key: undefined, dataDir });
      const again = await loadDataEncryptionKey({ key: undefined, dataDir });
      expect(again.equals(key)).toBe(true);
      const sealed = createFieldEncryption(key).encrypt('12345678901');
      expect(createFieldEncryption(again).decrypt(sealed)).toBe('12345678901');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('uses the configured key', async () => {
    const configured = randomBytes(32);
    const key = await loadDataEncryptionKey({ key: configured.toString('base64'), dataDir: null });
    expect(key.equals(configured)).toBe(true);
  });
});

describe('field encryption across a key rotation', () => {
  const previousKey = randomBytes(32);
  const currentKey = randomBytes(32);
  const previous = createFieldEncryption(previousKey);

  it('decrypts values of an accepted key, encrypts with the current one only', () => {
    const rotated = createFieldEncryption(currentKey, [previousKey]);
    const old = previous.encrypt('0101901234');
    expect(rotated.decrypt(old)).toBe('0101901234');
    const fresh = rotated.encrypt('0101901234');
    expect(fresh.startsWith(`v1.${keyId(currentKey)}.`)).toBe(true);
    expect(rotated.keyId).toBe(keyId(currentKey));
    expect(() => previous.decrypt(fresh)).toThrow(/another key/);
    // Without the previous key among the accepted ones, its values cannot be read.
    expect(() => createFieldEncryption(currentKey).decrypt(old)).toThrow(/another key/);
  });

  it('seals a value of another key again with the current key, and leaves a current one alone', () => {
    const rotated = createFieldEncryption(currentKey, [previousKey]);
    const resealed = rotated.reseal(previous.encrypt('12345678901'));
    expect(resealed?.startsWith(`v1.${keyId(currentKey)}.`)).toBe(true);
    expect(createFieldEncryption(currentKey).decrypt(resealed ?? '')).toBe('12345678901');
    expect(rotated.reseal(rotated.encrypt('x'))).toBeNull();
  });

  it('loads the accepted keys from their base64 form', async () => {
    const loaded = await loadFieldEncryption({
      key: currentKey.toString('base64'),
      acceptedKeys: [previousKey.toString('base64')],
      dataDir: null,
    });
    expect(loaded.decrypt(previous.encrypt('a'))).toBe('a');
  });
});
