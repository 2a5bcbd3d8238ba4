import type { TokenClaims } from '@nbr/domain/identity';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../errors.ts';
import { useStoredLanguage } from '../i18n/request-language.ts';
import type { SigningKeys } from './keys.ts';
import { findLiveSession, type StaffRole } from './sessions.ts';
import { signToken, type TokenClaimsInput, verifyToken } from './tokens.ts';

export interface RequestAuth {
  /** The party the user acts as: the person, or an organisation the person is a member of. */
  partyId: string;
  /** The person behind the session. */
  identityPartyId: string;
  sessionId: string;
  claims: TokenClaims;
  /** The signed-in user's stored language; the request language falls back to it. */
  language: string;
  /** When the person's national digital identity was verified, read from the database (not the token). */
  verifiedOn: Date | null;
  /** The person's backoffice role, if any; always null on a switch-user session. */
  staffRole: StaffRole | null;
  /** On a switch-user session: the staff member acting as this person. */
  switchedBy: string | null;
  /** On a switch-user session: the staff member's own session to return to. */
  parentSessionId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` (always) and `optionalAuthenticate` (when a valid token came). */
    auth: RequestAuth | null;
  }
}

export interface Authenticator {
  keys: SigningKeys;
  /** preValidation hook: a live session is required; 401 not_authenticated without a token, invalid_token for a bad one. */
  authenticate(request: FastifyRequest): Promise<void>;
  /** preValidation hook: signs the request in when a valid token came; a missing or bad token leaves a visitor. */
  optionalAuthenticate(request: FastifyRequest): Promise<void>;
  issueToken(claims: TokenClaimsInput, options?: { now?: Date; notAfter?: Date }): Promise<string>;
}

/** The bearer of `Authorization`: undefined without one, null when the header is malformed. */
export function bearerToken(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (header === undefined || header === '') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

export function createAuthenticator(options: { db: Database; keys: SigningKeys }): Authenticator {
  const { db, keys } = options;

  async function resolve(token: string): Promise<RequestAuth> {
    const claims = await verifyToken(keys, token);
    const session = await findLiveSession(db, claims.sid);
    // The token must say exactly what its session says: a token issued before the session changed
    // the party it acts for, or one claiming a switch it was not issued for, is refused.
    if (
      !session ||
      session.partyId !== claims.identity_party_id ||
      (session.actingPartyId ?? session.partyId) !== claims.party_id ||
      (session.impersonatorPartyId ?? undefined) !== claims.act?.sub
    ) {
      throw new AppError('invalid_token');
    }
    return {
      partyId: claims.party_id,
      identityPartyId: claims.identity_party_id,
      sessionId: claims.sid,
      claims,
      language: session.language,
      verifiedOn: session.verifiedOn,
      // Someone switched into a staff member's account never gets their powers (switching into staff
      // is refused anyway; this keeps it true should a role be granted during the switch).
      staffRole: session.impersonatorPartyId ? null : session.staffRole,
      switchedBy: session.impersonatorPartyId,
      parentSessionId: session.parentSessionId,
    };
  }

  return {
    keys,
    async authenticate(request) {
      const token = bearerToken(request);
      if (token === undefined) throw new AppError('not_authenticated');
      if (token === null) throw new AppError('invalid_token');
      request.auth = await resolve(token);
      useStoredLanguage(request, request.auth.language);
    },
    async optionalAuthenticate(request) {
      const token = bearerToken(request);
      request.auth = null;
      if (!token) return;
      try {
        request.auth = await resolve(token);
        useStoredLanguage(request, request.auth.language);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    },
    issueToken: (claims, issueOptions) => signToken(keys, claims, issueOptions),
  };
}

/** Adds `request.auth` once per instance tree; safe to call from every module that authenticates. */
export function decorateAuth(app: FastifyInstance): void {
  if (!app.hasRequestDecorator('auth')) app.decorateRequest('auth', null);
}
