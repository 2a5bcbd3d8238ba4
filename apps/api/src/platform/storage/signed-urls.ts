import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/*
 * Signed file addresses: private pictures and documents are shown in <img src> and links, which
 * cannot carry the bearer token, so the API answers addresses signed with HMAC-SHA256 that expire.
 * The secret is FILE_URL_SECRET (shared by every API instance) or one generated under DATA_DIR/keys.
 */
export interface FileUrlSigner {
  /** `path?expires=…&signature=…`, valid for `ttlSeconds` (rounded up to a whole window for caching). */
  sign(path: string, ttlSeconds?: number): string;
  /** Whether the path's signature is right and not expired. */
  verify(path: string, expires: string | undefined, signature: string | undefined): boolean;
  /**
   * An address this signer made (`sign`), expired or not, signed again for `ttlSeconds` from now;
   * null for anything else. A kept answer replayed a day later gives addresses that still work.
   */
  renew(address: string, ttlSeconds?: number): string | null;
}

/** Signed addresses live at least this long; rounding to windows lets browsers cache a picture. */
export const SIGNED_URL_TTL_SECONDS = 60 * 60;
const WINDOW_SECONDS = 15 * 60;

/** `…?expires=<seconds>&signature=<mac>` or `…&expires=…`, as `sign` writes it. */
const SIGNED_ADDRESS = /^(.+)[?&]expires=(\d{1,12})&signature=([\w-]+)$/;

export interface FileUrlSignerOptions {
  /** Secrets that are also accepted when verifying, never used to sign (FILE_URL_ACCEPTED_SECRETS). */
  accepted?: readonly (Buffer | string)[];
  now?: () => number;
}

export function createFileUrlSigner(
  secret: Buffer | string,
  options: FileUrlSignerOptions = {},
): FileUrlSigner {
  const now = options.now ?? Date.now;
  const mac = (key: Buffer | string, payload: string) =>
    createHmac('sha256', key).update(payload).digest('base64url');
  // Rotation: one secret signs; it and the accepted ones verify, so an address signed by an
  // instance on the previous (or the next) secret keeps working until it expires.
  const verifying = [secret, ...(options.accepted ?? [])];
  const isSignature = (path: string, expires: string, signature: string) => {
    const given = Buffer.from(signature);
    return verifying.some((key) => {
      const expected = Buffer.from(mac(key, `${path}\n${expires}`));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
  };
  const signer: FileUrlSigner = {
    sign(path, ttlSeconds = SIGNED_URL_TTL_SECONDS) {
      const minimum = Math.floor(now() / 1000) + ttlSeconds;
      const expires = Math.ceil(minimum / WINDOW_SECONDS) * WINDOW_SECONDS;
      const separator = path.includes('?') ? '&' : '?';
      return `${path}${separator}expires=${expires}&signature=${mac(secret, `${path}\n${expires}`)}`;
    },
    verify(path, expires, signature) {
      if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
      if (Number(expires) * 1000 < now()) return false;
      return isSignature(path, expires, signature);
    },
    renew(address, ttlSeconds) {
      const parts = SIGNED_ADDRESS.exec(address);
      if (!parts?.[1] || !parts[2] || !parts[3] || !isSignature(parts[1], parts[2], parts[3])) return null;
      return signer.sign(parts[1], ttlSeconds);
    },
  };
  return signer;
}

/** The configured secret, else one generated once and kept under DATA_DIR/keys (one instance). */
export async function loadFileUrlSecret(source: {
  secret: string | undefined;
  dataDir: string | null;
}): Promise<string> {
  if (source.secret) return source.secret;
  if (!source.dataDir) return randomBytes(32).toString('base64url');
  const dir = join(source.dataDir, 'keys');
  const file = join(dir, 'file-url-secret');
  const existing = await readFile(file, 'utf8').catch(() => null);
  if (existing?.trim()) return existing.trim();
  await mkdir(dir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async () => undefined);
  return (await readFile(file, 'utf8')).trim();
}
