import type { RequestAuth } from '../../platform/auth/authenticate.ts';

/** Accounts for automated tests against a deployed stack are marked by their address. */
export const AUTOTEST_EMAIL_PREFIX = 'autotest+';

/** A verification session is the person's own: nobody else may complete or even see it. */
export function canCompleteVerification(
  auth: Pick<RequestAuth, 'identityPartyId'>,
  session: { partyId: string },
): boolean {
  return session.partyId === auth.identityPartyId;
}

/** The identity check may be skipped only by autotest+ accounts, and only where the deployment allows it. */
export function canSkipIdentityCheck(email: string, isSkipAllowed: boolean): boolean {
  return isSkipAllowed && email.toLowerCase().startsWith(AUTOTEST_EMAIL_PREFIX);
}

/**
 * A national identity check binds a person to the account for good. Before that the account must
 * be proved to belong to whoever holds its e-mail address: otherwise someone could open an account
 * with another person's address, bind their own MitID/BankID to it, and the address's owner would
 * inherit their identity and be refused their own (identity_mismatch) once they claim it.
 */
export function hasConfirmedEmail(identity: { emailVerifiedAt: Date | null }): boolean {
  return identity.emailVerifiedAt !== null;
}
