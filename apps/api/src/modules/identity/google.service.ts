import type { GoogleConfiguration, GoogleLogin, GoogleSignUp } from '@nbr/domain/google';
import type { Executor } from '../../db/client.ts';
import { revokeSessionsOfParty } from '../../platform/auth/sessions.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import type { GoogleSignIn } from '../../platform/google/google-sign-in.ts';
import type { GoogleIdentity } from '../../platform/google/google-token-verifier.ts';
import { mayLinkGoogleByEmail } from './google.policy.ts';
import * as googleRepository from './google.repository.ts';
import type { CallContext, SignInDeps } from './identity.deps.ts';
import type { IdentityRow } from './identity.repository.ts';
import * as repository from './identity.repository.ts';
import { UNCLAIMED_PROFILE_RESET } from './identity.service.ts';
import { findReferrerByCode } from './referral-codes.service.ts';
import { newAccountLocale, recordSignUpConsents, startSession } from './sessions.service.ts';

export interface GoogleDeps extends SignInDeps {
  /** Null when Google sign-in is off (production without GOOGLE_CLIENT_ID). */
  google: GoogleSignIn | null;
}

/** Profile fields are at most this long (ProfileUpdateSchema). */
const NAME_PART_MAX = 100;

export function getGoogleConfiguration(deps: GoogleDeps): GoogleConfiguration {
  if (!deps.google) return { enabled: false, client_id: null, authorization_url: null };
  return { enabled: true, client_id: deps.google.clientId, authorization_url: deps.google.authorizationUrl };
}

async function verifyToken(deps: GoogleDeps, token: string): Promise<GoogleIdentity> {
  if (!deps.google) throw new AppError('google_sign_in_disabled');
  return deps.google.verifier.verify(token);
}

/** "Ole Kristian Haugen" → first name "Ole Kristian", last name "Haugen". */
export function splitName(name: string): { firstName: string | null; lastName: string | null } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: null, lastName: null };
  if (words.length === 1) return { firstName: words[0]!.slice(0, NAME_PART_MAX), lastName: null };
  return {
    firstName: words.slice(0, -1).join(' ').slice(0, NAME_PART_MAX),
    lastName: words.at(-1)!.slice(0, NAME_PART_MAX),
  };
}

/** The person's name as Google gives it, in the profile's two fields. */
function namesOf(google: GoogleIdentity): { firstName: string | null; lastName: string | null } {
  if (google.givenName || google.familyName) {
    return {
      firstName: google.givenName?.slice(0, NAME_PART_MAX) ?? null,
      lastName: google.familyName?.slice(0, NAME_PART_MAX) ?? null,
    };
  }
  return google.name ? splitName(google.name) : { firstName: null, lastName: null };
}

/**
 * The account a verified Google identity signs in to: the one linked to its `sub`, else the account
 * with its e-mail address, which is linked now — but only where Google is authoritative for the
 * address and the account is not staff (google.policy.ts); elsewhere the person signs in with
 * their password (409 google_link_requires_password). Where Google has proved who owns the
 * address, an account whose address was never confirmed may have been opened by someone else with
 * it: its password, pending e-mail change, codes, sessions and what was typed into its profile are
 * dropped before the owner gets it.
 */
async function findGoogleAccount(
  tx: Executor,
  google: GoogleIdentity,
  now: Date,
): Promise<IdentityRow | null> {
  const link = await googleRepository.findGoogleLogin(tx, google.subject);
  if (link) {
    const linked = await repository.findIdentityById(tx, link.partyId);
    if (linked) {
      await googleRepository.markGoogleLoginUsed(tx, google.subject, { email: google.email, at: now });
      return linked;
    }
    // The account is gone; its link must not keep the Google account from signing up afresh.
    await googleRepository.deleteGoogleLogin(tx, google.subject);
  }
  const identity = await googleRepository.lockIdentityByEmail(tx, google.email);
  if (!identity) return null;
  // The account already signs in with another Google account; the address alone does not move it.
  if (await googleRepository.findGoogleLoginOfParty(tx, identity.partyId)) throw new AppError('email_in_use');
  const isStaff = await googleRepository.isStaffMember(tx, identity.partyId);
  if (!mayLinkGoogleByEmail(google.email, google.hostedDomain, { isStaff })) {
    throw new AppError('google_link_requires_password');
  }
  let claimed = identity;
  if (!identity.emailVerifiedAt) {
    claimed = await repository.updateIdentity(tx, identity.partyId, {
      ...UNCLAIMED_PROFILE_RESET,
      ...namesOf(google),
      passwordHash: null,
      pendingEmail: null,
      emailVerifiedAt: now,
      awaitingSignUpConfirmation: false,
    });
    await repository.expireUnusedCodes(
      tx,
      identity.partyId,
      ['email_verification', 'email_change', 'password_reset'],
      now,
    );
    await revokeSessionsOfParty(tx, identity.partyId, 'password_reset');
  }
  await googleRepository.insertGoogleLogin(tx, {
    partyId: identity.partyId,
    subject: google.subject,
    email: google.email,
    at: now,
  });
  return claimed;
}

/** Two first sign-ins of one person at once: the unique indexes decide, the loser runs again. */
async function retryOnRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!repository.isUniqueViolation(error)) throw error;
    return work();
  }
}

/**
 * POST /identities/google: signs in the account of this Google identity (linking it by e-mail when
 * needed), or creates one — no password, address confirmed by Google, privacy and terms accepted as
 * with any sign-up.
 */
export async function signUpWithGoogle(
  deps: GoogleDeps,
  input: GoogleSignUp,
  context: CallContext,
): Promise<{ token: string; isNew: boolean }> {
  const google = await verifyToken(deps, input.google_token);
  // The address in the body is what the client shows the person; it must be the one Google vouches for.
  if (google.email !== input.email) {
    throw new ValidationError([{ loc: ['body', 'email'], type: 'invalid_value' }]);
  }
  const { language, region } = newAccountLocale(input, context);

  return retryOnRace(() =>
    deps.db.transaction(async (tx) => {
      const now = new Date();
      const existing = await findGoogleAccount(tx, google, now);
      if (existing) return { token: await startSession(deps, tx, existing, context), isNew: false };
      const identity = await repository.insertPerson(tx, {
        email: google.email,
        passwordHash: null,
        emailVerifiedAt: now,
        ...splitName(input.name),
        language,
        region,
        friendRef: input.friend_ref ?? null,
        // As with a password sign-up: a real referral code records who invited the person.
        referredByPartyId: await findReferrerByCode(tx, input.friend_ref),
      });
      await recordSignUpConsents(tx, identity.partyId);
      await googleRepository.insertGoogleLogin(tx, {
        partyId: identity.partyId,
        subject: google.subject,
        email: google.email,
        at: now,
      });
      return { token: await startSession(deps, tx, identity, context), isNew: true };
    }),
  );
}

/** POST /identities/authentications/google: signs in an existing account; never creates one. */
export async function authenticateWithGoogle(
  deps: GoogleDeps,
  input: GoogleLogin,
  context: CallContext,
): Promise<string> {
  const google = await verifyToken(deps, input.google_token);
  if (input.googleUserId !== undefined && input.googleUserId !== google.subject) {
    throw new AppError('google_token_invalid');
  }
  return retryOnRace(() =>
    deps.db.transaction(async (tx) => {
      const identity = await findGoogleAccount(tx, google, new Date());
      if (!identity) throw new AppError('google_account_not_found');
      return startSession(deps, tx, identity, context);
    }),
  );
}
