import { createHash } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type CryptoKey,
  errors,
  exportJWK,
  exportPKCS8,
  exportSPKI,
  generateKeyPair,
  importJWK,
  importPKCS8,
  importSPKI,
  type JWK,
  type JWSHeaderParameters,
} from 'jose';

export const TOKEN_ALGORITHM = 'EdDSA';

/** A public key that verifies tokens, with its id. */
export interface VerificationKey {
  publicKey: CryptoKey;
  /** Key id: a thumbprint of the public key, so verifiers can pick the right key after a rotation. */
  kid: string;
  /** The public key as published at /api/identities/.well-known/jwks.json. */
  publicJwk: JWK;
}

/** The key pair that signs, and every public key that verifies (rotation: one signs, several verify). */
export interface SigningKeys extends VerificationKey {
  privateKey: CryptoKey;
  /** This key first, then AUTH_ACCEPTED_PUBLIC_KEYS (the next key before a rotation, the previous after). */
  verificationKeys: VerificationKey[];
}

export interface KeySource {
  /** PEM (PKCS#8) or a JSON JWK with `d`; from AUTH_PRIVATE_KEY. */
  privateKey?: string | undefined;
  /** PEM (SPKI) or a JSON JWK; from AUTH_PUBLIC_KEY. Derived from the private JWK when absent. */
  publicKey?: string | undefined;
  /** Where generated keys are kept when none are configured (DATA_DIR/keys). */
  dataDir?: string | undefined;
  /** Further public keys (PEM SPKI or JSON JWK, one per entry) that verify but never sign. */
  acceptedPublicKeys?: string[] | undefined;
  /**
   * What the keys sign, naming the generated files (`<use>-private.pem`) and the variable in errors:
   * `auth` (session tokens, AUTH_*) or `certificate` (resale certificates, CERTIFICATE_*).
   */
  use?: 'auth' | 'certificate';
}

async function importKey(text: string, kind: 'private' | 'public'): Promise<CryptoKey> {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    const jwk = JSON.parse(trimmed) as JWK;
    const material = kind === 'public' ? { ...jwk, d: undefined } : jwk;
    return (await importJWK(material, TOKEN_ALGORITHM, { extractable: true })) as CryptoKey;
  }
  // Environment variables often carry PEM with literal "\n" sequences.
  const pem = trimmed.replace(/\\n/g, '\n');
  return kind === 'private'
    ? importPKCS8(pem, TOKEN_ALGORITHM, { extractable: true })
    : importSPKI(pem, TOKEN_ALGORITHM, { extractable: true });
}

async function verificationKey(publicKey: CryptoKey): Promise<VerificationKey> {
  const jwk = await exportJWK(publicKey);
  const publicJwk: JWK = { kty: jwk.kty, crv: jwk.crv, x: jwk.x };
  const kid = createHash('sha256').update(JSON.stringify(publicJwk)).digest('base64url').slice(0, 16);
  return { publicKey, kid, publicJwk: { ...publicJwk, kid, alg: TOKEN_ALGORITHM, use: 'sig' } };
}

async function acceptedVerificationKeys(texts: string[], variable: string): Promise<VerificationKey[]> {
  return Promise.all(
    texts.map(async (text, index) => {
      try {
        return await verificationKey(await importKey(text, 'public'));
      } catch {
        throw new Error(`${variable}: key ${index + 1} is not an Ed25519 public key`);
      }
    }),
  );
}

async function completeKeys(
  privateKey: CryptoKey,
  publicKey: CryptoKey,
  accepted: VerificationKey[] = [],
): Promise<SigningKeys> {
  const signing = await verificationKey(publicKey);
  const others = accepted.filter(
    (key, index) => key.kid !== signing.kid && accepted.findIndex((other) => other.kid === key.kid) === index,
  );
  return { ...signing, privateKey, verificationKeys: [signing, ...others] };
}

/** A fresh pair that lives only in memory: for tests, where nothing must outlive the process. */
export async function generateSigningKeys(
  options: { accepted?: VerificationKey[] } = {},
): Promise<SigningKeys> {
  const pair = await generateKeyPair(TOKEN_ALGORITHM, { crv: 'Ed25519', extractable: true });
  return completeKeys(pair.privateKey, pair.publicKey, options.accepted);
}

/**
 * The key that verifies a token, by the `kid` in its header (jose's key lookup). A token without a
 * `kid`, or with one of no accepted key, fails like a bad signature.
 */
export function verificationKeyOf(keys: SigningKeys): (header: JWSHeaderParameters) => CryptoKey {
  return (header) => {
    const key = keys.verificationKeys.find((candidate) => candidate.kid === header.kid);
    if (!key) throw new errors.JWKSNoMatchingKey();
    return key.publicKey;
  };
}

async function readIfPresent(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Loads Ed25519 signing keys (session tokens, or resale certificates with `use: 'certificate'`):
 * from configuration when given; otherwise from DATA_DIR/keys,
 * generating them there once (mode 0600) so that issued tokens survive a restart.
 */
export async function loadSigningKeys(source: KeySource): Promise<SigningKeys> {
  const use = source.use ?? 'auth';
  const accepted = await acceptedVerificationKeys(
    source.acceptedPublicKeys ?? [],
    `${use.toUpperCase()}_ACCEPTED_PUBLIC_KEYS`,
  );
  if (source.privateKey) {
    const privateKey = await importKey(source.privateKey, 'private');
    const publicKey = source.publicKey
      ? await importKey(source.publicKey, 'public')
      : await importKey(JSON.stringify(await exportJWK(privateKey)), 'public');
    return completeKeys(privateKey, publicKey, accepted);
  }
  if (!source.dataDir) return generateSigningKeys({ accepted });

  const dir = join(source.dataDir, 'keys');
  const privatePath = join(dir, `${use}-private.pem`);
  const publicPath = join(dir, `${use}-public.pem`);
  const [storedPrivate, storedPublic] = await Promise.all([
    readIfPresent(privatePath),
    readIfPresent(publicPath),
  ]);
  if (storedPrivate && storedPublic) {
    return completeKeys(
      await importKey(storedPrivate, 'private'),
      await importKey(storedPublic, 'public'),
      accepted,
    );
  }
  const keys = await generateSigningKeys({ accepted });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(privatePath, await exportPKCS8(keys.privateKey), { mode: 0o600 });
  await writeFile(publicPath, await exportSPKI(keys.publicKey), { mode: 0o644 });
  // mode on writeFile is ignored when the file already existed; make sure of it.
  await chmod(privatePath, 0o600);
  return keys;
}
