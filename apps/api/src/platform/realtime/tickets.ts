import { randomUUID } from 'node:crypto';
import { REALTIME_TICKET_SECONDS } from '@nbr/domain/chats';
import { jwtVerify, SignJWT } from 'jose';
import { type SigningKeys, TOKEN_ALGORITHM, verificationKeyOf } from '../auth/keys.ts';
import { AppError } from '../errors.ts';

/*
 * Browsers cannot set headers on a WebSocket, so the websocket is opened with a ticket in its
 * address: signed with the token keys, but with a type and an audience of its own and none of an
 * access token's claims, so a ticket is never accepted as an access token (verifyToken requires
 * `typ: JWT` and the token claims) and an access token is never accepted as a ticket (wrong type, no
 * audience). It lives a minute: long enough to connect, short enough that one found in a proxy log is
 * worthless; and it opens one socket only (issue 27: its id is used up in the database when the
 * socket opens, so a copy is refused on every instance). It names the session, which the websocket checks when it opens and while it stays open.
 */

const TICKET_TYPE = 'nbr-ws-ticket+jwt';
const TICKET_AUDIENCE = 'nbr:realtime';

export interface TicketClaims {
  sessionId: string;
  /** The party the session acted for when the ticket was issued: the one whose events it receives. */
  partyId: string;
}

/** A verified ticket: its claims, and what makes it single use (its id and when it expires). */
export interface VerifiedTicket extends TicketClaims {
  ticketId: string;
  expiresAt: Date;
}

export async function issueTicket(
  keys: SigningKeys,
  claims: TicketClaims,
  now = new Date(),
): Promise<{ ticket: string; expiresIn: number }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const ticket = await new SignJWT({ session: claims.sessionId, party: claims.partyId })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid: keys.kid, typ: TICKET_TYPE })
    .setAudience(TICKET_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + REALTIME_TICKET_SECONDS)
    .setJti(randomUUID())
    .sign(keys.privateKey);
  return { ticket, expiresIn: REALTIME_TICKET_SECONDS };
}

/** Signature (by the key its `kid` names, as tokens), type, audience and expiry; any failure is invalid_token. */
export async function verifyTicket(
  keys: SigningKeys,
  ticket: string,
  now = new Date(),
): Promise<VerifiedTicket> {
  try {
    const { payload } = await jwtVerify(ticket, verificationKeyOf(keys), {
      algorithms: [TOKEN_ALGORITHM],
      typ: TICKET_TYPE,
      audience: TICKET_AUDIENCE,
      requiredClaims: ['exp', 'jti', 'session', 'party'],
      currentDate: now,
      // No clock tolerance: the ticket is issued and checked by the same fleet.
      clockTolerance: 0,
    });
    if (
      typeof payload.session !== 'string' ||
      typeof payload.party !== 'string' ||
      typeof payload.jti !== 'string' ||
      typeof payload.exp !== 'number'
    ) {
      throw new AppError('invalid_token');
    }
    return {
      sessionId: payload.session,
      partyId: payload.party,
      ticketId: payload.jti,
      expiresAt: new Date(payload.exp * 1000),
    };
  } catch {
    throw new AppError('invalid_token');
  }
}
