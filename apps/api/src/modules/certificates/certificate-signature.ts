import { KeyObject, sign, verify } from 'node:crypto';
import { canonicalJson, type JsonValue } from '@nbr/domain/canonical-json';
import type { SigningKeys } from '../../platform/auth/keys.ts';

/*
 * Signing a resale certificate: Ed25519 (node:crypto) over the UTF-8 bytes of the statement's
 * canonical JSON. The signature is base64url. Verifying picks the published key by the statement's
 * `kid`, so certificates signed before a key rotation still verify while their key is published.
 */

export interface SignedStatement {
  /** The canonical JSON, exactly as signed. */
  text: string;
  /** base64url Ed25519 signature of `text`. */
  signature: string;
}

export function signStatement(keys: SigningKeys, statement: JsonValue): SignedStatement {
  const text = canonicalJson(statement);
  const signature = sign(null, Buffer.from(text, 'utf8'), KeyObject.from(keys.privateKey));
  return { text, signature: signature.toString('base64url') };
}

/** Whether `signature` is a published key's (by `kid`) Ed25519 signature of `text`; false for any doubt. */
export function verifyStatement(keys: SigningKeys, kid: string, text: string, signature: string): boolean {
  const key = keys.verificationKeys.find((candidate) => candidate.kid === kid);
  if (!key) return false;
  try {
    return verify(
      null,
      Buffer.from(text, 'utf8'),
      KeyObject.from(key.publicKey),
      Buffer.from(signature, 'base64url'),
    );
  } catch {
    return false;
  }
}
