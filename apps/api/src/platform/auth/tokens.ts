import type { TokenClaims } from '@nbr/domain/identity';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../errors.ts';
import { type SigningKeys, TOKEN_ALGORITHM, verificationKeyOf } from './keys.ts';

/** Access tokens are short-lived; the web app refreshes when less than 30 minutes remain. */
export const TOKEN_TTL_SECONDS = 60 * 60;
/** A session ends this long after sign-in however often it is refreshed. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type TokenClaimsInput = Omit<TokenClaims, 'exp'>;

/**
 * Signs a token with exactly the claims of SPEC §3 plus `sid` (and `act` on switch-user sessions) — no iat/sub/iss, because existing
 * clients decode the payload and compare it with the contract. `exp` never passes `notAfter`
 * (the session's absolute end).
 */
export async function signToken(
  keys: SigningKeys,
  claims: TokenClaimsInput,
  options: { now?: Date; notAfter?: Date } = {},
): Promise<string> {
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  let exp = nowSeconds + TOKEN_TTL_SECONDS;
  if (options.notAfter) exp = Math.min(exp, Math.floor(options.notAfter.getTime() / 1000));
  const payload: TokenClaims = {
    exp,
    email: claims.email,
    identity_party_id: claims.identity_party_id,
    party_id: claims.party_id,
    verified_on: claims.verified_on,
    identity_signed_up_at: claims.identity_signed_up_at,
    organisation_type: claims.organisation_type,
    birth_date: claims.birth_date,
    zip_code: claims.zip_code,
    phone: claims.phone,
    sid: claims.sid,
    ...(claims.act ? { act: { sub: claims.act.sub } } : {}),
  };
  return new SignJWT(payload)
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid: keys.kid, typ: 'JWT' })
    .sign(keys.privateKey);
}

/**
 * Verifies signature (EdDSA only — never `none` or an HMAC confusion) with the key its `kid` names
 * among the accepted ones, and expiry; any failure is invalid_token.
 */
export async function verifyToken(keys: SigningKeys, token: string): Promise<TokenClaims> {
  try {
    const { payload } = await jwtVerify(token, verificationKeyOf(keys), {
      algorithms: [TOKEN_ALGORITHM],
      // Other things signed with these keys (websocket tickets) carry a type of their own.
      typ: 'JWT',
      requiredClaims: ['exp', 'sid', 'party_id', 'identity_party_id'],
    });
    if (
      typeof payload.sid !== 'string' ||
      typeof payload.identity_party_id !== 'string' ||
      typeof payload.party_id !== 'string'
    ) {
      throw new AppError('invalid_token');
    }
    return payload as unknown as TokenClaims;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof errors.JOSEError || error instanceof TypeError || error instanceof SyntaxError) {
      throw new AppError('invalid_token');
    }
    throw new AppError('invalid_token');
  }
}
