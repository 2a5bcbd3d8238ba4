import {
  createRemoteJWKSet,
  customFetch,
  errors,
  type FetchImplementation,
  type JWTPayload,
  jwtVerify,
} from 'jose';
import { AppError } from '../errors.ts';

/** What a verified Google ID token says about the person. */
export interface GoogleIdentity {
  /** Google's stable id of the account; e-mail addresses can change hands, this never does. */
  subject: string;
  email: string;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
  nonce: string | null;
  /**
   * The `hd` claim: the Google Workspace domain the account belongs to, lower case; null for a
   * consumer Google account. Only then does Google speak for the address's domain as its owner.
   */
  hostedDomain: string | null;
}

export interface GoogleTokenVerifier {
  /** Verifies an ID token; throws AppError google_token_invalid / google_email_not_verified. */
  verify(token: string): Promise<GoogleIdentity>;
}

export interface GoogleTokenVerifierOptions {
  clientId: string;
  /** Every accepted `iss`. */
  issuers: string[];
  jwksUrl: string;
  /** Fetches the JWKS another way (the built-in test issuer is read in-process). */
  fetchJwks?: FetchImplementation;
}

/**
 * Google signs with RS256 today; ES256 is allowed for issuers that use EC keys. Anything else —
 * `none`, and HS256, whose "key" would be the public JWKS — is refused before a key is looked at.
 */
const ALGORITHMS = ['RS256', 'ES256'];

/** Tokens minted a little in the future by a clock running ahead are still accepted. */
const CLOCK_TOLERANCE_SECONDS = 60;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Checks Google ID tokens against the issuer's published keys (fetched once, cached, refetched when
 * a token names a key not seen yet): signature, algorithm, issuer, audience, expiry, verified e-mail.
 */
export function createGoogleTokenVerifier(options: GoogleTokenVerifierOptions): GoogleTokenVerifier {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl), {
    timeoutDuration: 5000,
    cooldownDuration: 30_000,
    cacheMaxAge: 10 * 60_000,
    ...(options.fetchJwks ? { [customFetch]: options.fetchJwks } : {}),
  });

  return {
    async verify(token) {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, jwks, {
          issuer: options.issuers,
          audience: options.clientId,
          algorithms: ALGORITHMS,
          requiredClaims: ['sub', 'exp', 'iat', 'email'],
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        }));
      } catch (error) {
        // The keys could not be read: the token may be fine, so do not call it invalid.
        if (
          error instanceof errors.JWKSTimeout ||
          error instanceof errors.JWKSInvalid ||
          isJwksFetchFailure(error)
        ) {
          throw new AppError('identity_provider_unavailable');
        }
        throw new AppError('google_token_invalid');
      }
      // With several audiences the token may have been issued to another client: it must name us
      // as the party it was issued to (OpenID Connect Core 3.1.3.7).
      if (Array.isArray(payload.aud) && payload.azp !== options.clientId) {
        throw new AppError('google_token_invalid');
      }
      const subject = text(payload.sub);
      const email = text(payload.email);
      if (!subject || !email) throw new AppError('google_token_invalid');
      // Google has sent the flag as a string in some tokens; both mean the same.
      const emailVerified = payload.email_verified === true || payload.email_verified === 'true';
      if (!emailVerified) throw new AppError('google_email_not_verified');
      return {
        subject,
        email: email.trim().toLowerCase(),
        name: text(payload.name),
        givenName: text(payload.given_name),
        familyName: text(payload.family_name),
        nonce: text(payload.nonce),
        hostedDomain: text(payload.hd)?.toLowerCase() ?? null,
      };
    },
  };
}

/** A network failure or a non-JSON/non-200 answer while loading the JWKS (not a bad token). */
function isJwksFetchFailure(error: unknown): boolean {
  if (error instanceof errors.JOSEError) {
    return error.code === 'ERR_JOSE_GENERIC' && /JWKS|fetch|response/i.test(error.message);
  }
  // fetch() rejects with a TypeError when the issuer cannot be reached at all.
  return error instanceof TypeError;
}
