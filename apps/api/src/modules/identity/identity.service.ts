import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type AccountDeletion,
  type ConsentType,
  EMAIL_VERIFICATION_TTL_HOURS,
  type Login,
  PASSWORD_RESET_TTL_MINUTES,
  type ProfileSaveResponse,
  type ProfileUpdate,
  type SignUp,
} from '@nbr/domain/identity';
import { LANGUAGE_BY_REGION, type Language, type Region } from '@nbr/domain/locale';
import type { Database, Executor } from '../../db/client.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { Authenticator, RequestAuth } from '../../platform/auth/authenticate.ts';
import {
  findLiveSession,
  findOpenSwitchSessions,
  insertSession,
  markSessionRefreshed,
  revokeSession,
  revokeSessionsOfParty,
} from '../../platform/auth/sessions.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { deleteBikesOfAccount } from '../bikes/bikes.service.ts';
import { bindOffersAfterEmailVerification } from '../ownership/ownership.service.ts';
import { claimGuestContacts, forgetGuestContactsOf } from '../theft/contact-owner.service.ts';
import { forgetTheftReportsOf } from '../theft/theft-reports.service.ts';
import { deleteExternalLogins } from './google.repository.ts';
import {
  accountDeletedMail,
  emailChangeConfirmationMail,
  emailChangeNoticeMail,
  emailVerificationMail,
  passwordChangedMail,
  passwordResetMail,
} from './identity.mails.ts';
import { canActOnParty, canDecideConsent } from './identity.policy.ts';
import {
  type PersonalDataExport,
  presentConsent,
  presentConsents,
  presentPersonalDataExport,
  presentProfile,
  presentRegion,
} from './identity.presenter.ts';
import type { IdentityChanges, IdentityRow } from './identity.repository.ts';
import * as repository from './identity.repository.ts';
import { checkNewPassword, hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';

export interface IdentityDeps {
  db: Database;
  auth: Authenticator;
  /** Base of the links in mails, without a trailing slash. */
  publicUrl: string;
  /** Uploaded files, so a deleted account's bike pictures and documents are removed too. */
  storage?: FileStorage;
}

/** What a use case needs to know about the request, without being handed the request itself. */
export interface CallContext {
  /** The language the caller reads (?lang, Accept-Language, stored choice, da). */
  language: Language;
  /** Whether the caller named a language explicitly (query or Accept-Language). */
  hasExplicitLanguage?: boolean;
  userAgent: string | null;
}

/** Bookkeeping law keeps payment records five years after the account is gone. */
const RETENTION_YEARS = 5;
const HOUR_MS = 60 * 60 * 1000;

function newCode(): { code: string; codeHash: string } {
  const code = randomBytes(32).toString('base64url');
  return { code, codeHash: hashCode(code) };
}

function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** What a session says about whom a token is for; see `sessions` in db/schema/identity.ts. */
export interface SessionForToken {
  id: string;
  actingPartyId: string | null;
  impersonatorPartyId: string | null;
  expiresAt: Date;
}

/**
 * The one place a token is made: the SPEC §3 claims of the person, the party the session acts for
 * (with `organisation_type` when that is an organisation) and, on a switch-user session, `act`.
 */
async function tokenFor(
  deps: IdentityDeps,
  executor: Executor,
  identity: IdentityRow,
  session: SessionForToken,
  now = new Date(),
): Promise<string> {
  const actingOrganisation = session.actingPartyId
    ? await repository.findOrganisationOfMember(executor, session.actingPartyId, identity.partyId)
    : null;
  // A session acting for an organisation the person has left must not be refreshed into a token.
  if (session.actingPartyId && !actingOrganisation) throw new AppError('invalid_token');
  return deps.auth.issueToken(
    {
      email: identity.email,
      identity_party_id: identity.partyId,
      party_id: session.actingPartyId ?? identity.partyId,
      verified_on: identity.verifiedOn?.toISOString() ?? null,
      identity_signed_up_at: identity.signedUpAt.toISOString(),
      organisation_type: actingOrganisation?.type ?? null,
      birth_date: identity.birthDate ?? null,
      zip_code: identity.zipCode ?? null,
      phone: identity.phone ?? identity.mobile ?? null,
      sid: session.id,
      ...(session.impersonatorPartyId ? { act: { sub: session.impersonatorPartyId } } : {}),
    },
    { now, notAfter: session.expiresAt },
  );
}

export interface StartSessionOptions {
  /** On a switch-user session: the staff member and the session to return to. */
  impersonatorPartyId?: string;
  parentSessionId?: string;
  ttlMs?: number;
}

/**
 * Signs a person in: a new session row and its first token. The session acts for the person's
 * default party (the organisation of a business user) while they are still a member of it.
 */
export async function startSession(
  deps: IdentityDeps,
  executor: Executor,
  identity: IdentityRow,
  context: Pick<CallContext, 'userAgent'>,
  options: StartSessionOptions = {},
): Promise<string> {
  return (await openSession(deps, executor, identity, context, options)).token;
}

async function openSession(
  deps: IdentityDeps,
  executor: Executor,
  identity: IdentityRow,
  context: Pick<CallContext, 'userAgent'>,
  options: StartSessionOptions,
): Promise<{ token: string; sessionId: string }> {
  const defaultOrganisation =
    identity.defaultPartyId && !options.impersonatorPartyId
      ? await repository.findOrganisationOfMember(executor, identity.defaultPartyId, identity.partyId)
      : null;
  const actingPartyId = defaultOrganisation ? identity.defaultPartyId : null;
  // Signing in with a confirmed address: messages written from it without an account become theirs.
  if (!options.impersonatorPartyId) await claimGuestContacts(executor, identity);
  const session = await insertSession(executor, {
    partyId: identity.partyId,
    userAgent: context.userAgent,
    actingPartyId,
    impersonatorPartyId: options.impersonatorPartyId ?? null,
    parentSessionId: options.parentSessionId ?? null,
    ...(options.ttlMs ? { ttlMs: options.ttlMs } : {}),
  });
  const token = await tokenFor(deps, executor, identity, {
    id: session.id,
    actingPartyId,
    impersonatorPartyId: options.impersonatorPartyId ?? null,
    expiresAt: session.expiresAt,
  });
  return { token, sessionId: session.id };
}

/**
 * Staff switch into a person's account: a short session of that person that remembers the staff
 * member (`act` in its tokens) and the staff session to return to, audited in the same transaction
 * so that no switch ever happens without its audit row. Who may switch is the caller's rule.
 */
export async function startSwitchedSession(
  deps: IdentityDeps,
  executor: Executor,
  target: IdentityRow,
  staff: Pick<RequestAuth, 'identityPartyId' | 'sessionId' | 'staffRole'>,
  context: Pick<CallContext, 'userAgent'> & { ttlMs: number },
): Promise<string> {
  const { token, sessionId } = await openSession(deps, executor, target, context, {
    impersonatorPartyId: staff.identityPartyId,
    parentSessionId: staff.sessionId,
    ttlMs: context.ttlMs,
  });
  await recordAuditEvent(executor, {
    action: 'switch_user.start',
    actorPartyId: staff.identityPartyId,
    targetPartyId: target.partyId,
    sessionId,
    details: { staff_session_id: staff.sessionId, staff_role: staff.staffRole },
  });
  return token;
}

/** Ends a switch-user session for good (switching back or signing out) and records when. */
export async function endSwitchedSession(
  executor: Executor,
  auth: RequestAuth,
  via: 'switch_back' | 'logout',
): Promise<void> {
  if (!auth.switchedBy) throw new AppError('bad_request');
  await revokeSession(executor, auth.sessionId, 'switch_ended');
  await recordAuditEvent(executor, {
    action: 'switch_user.end',
    actorPartyId: auth.switchedBy,
    targetPartyId: auth.identityPartyId,
    sessionId: auth.sessionId,
    details: { staff_session_id: auth.parentSessionId, via },
  });
}

/**
 * A fresh token for a live session with up-to-date claims (after a verification, a change of acting
 * party or a refresh), never outliving the session.
 */
export async function issueTokenForSession(
  deps: IdentityDeps,
  executor: Executor,
  sessionId: string,
  now = new Date(),
): Promise<string> {
  const session = await findLiveSession(executor, sessionId, now);
  if (!session) throw new AppError('invalid_token');
  const identity = await requireIdentity(executor, session.partyId);
  return tokenFor(deps, executor, identity, session, now);
}

async function requireIdentity(executor: Executor, partyId: string): Promise<IdentityRow> {
  const identity = await repository.findIdentityById(executor, partyId);
  // The session check already refused deleted identities; this guards a deletion in between.
  if (!identity) throw new AppError('invalid_token');
  return identity;
}

async function mailVerificationCode(
  deps: IdentityDeps,
  executor: Executor,
  identity: IdentityRow,
  purpose: 'email_verification' | 'email_change',
  address: string,
): Promise<void> {
  const now = new Date();
  await repository.expireUnusedCodes(executor, identity.partyId, ['email_verification', 'email_change'], now);
  const { code, codeHash } = newCode();
  await repository.insertOneTimeCode(executor, {
    codeHash,
    partyId: identity.partyId,
    purpose,
    email: address,
    expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_HOURS * HOUR_MS),
  });
  const link = `${deps.publicUrl}/verify-email?code=${encodeURIComponent(code)}`;
  const mail =
    purpose === 'email_change'
      ? emailChangeConfirmationMail({ to: address, language: identity.language, link })
      : emailVerificationMail({ to: address, language: identity.language, link });
  await enqueueMail(executor, mail);
}

function rejectWeakPassword(field: string, password: string, email: string): void {
  const problem = checkNewPassword(password, email);
  if (problem) throw new ValidationError([{ loc: ['body', field], type: problem }]);
}

/**
 * The region and language of a new account: what the person chose, else the region their language
 * suggests and the language they asked for (or the region's). Icelandic is only partly translated,
 * so mails and stored choice fall back to English.
 */
export function newAccountLocale(
  chosen: { chosen_language?: Language | undefined; chosen_region?: Region | undefined },
  context: CallContext,
): { language: Exclude<Language, 'is'>; region: Region } {
  const region: Region = chosen.chosen_region ?? (context.language === 'no' ? 'no' : 'dk');
  const language: Language =
    chosen.chosen_language ?? (context.hasExplicitLanguage ? context.language : LANGUAGE_BY_REGION[region]);
  return { language: language === 'is' ? 'en' : language, region };
}

/** Signing up implies accepting the privacy policy and the terms (SPEC §5); recorded as such. */
export async function recordSignUpConsents(executor: Executor, partyId: string): Promise<void> {
  await repository.insertConsentEvents(
    executor,
    (['privacy', 'terms'] as const).map((type) => ({
      partyId,
      type,
      action: 'grant' as const,
      source: 'signup',
    })),
  );
}

/** Creates a person who can sign in, records the consents sign-up implies, and signs them in. */
export async function signUp(deps: IdentityDeps, input: SignUp, context: CallContext): Promise<string> {
  rejectWeakPassword('password', input.password, input.email);
  const passwordHash = await hashPassword(input.password);
  const { language, region } = newAccountLocale(input, context);
  try {
    return await deps.db.transaction(async (tx) => {
      if (await repository.isEmailTaken(tx, input.email)) throw new AppError('email_in_use');
      const identity = await repository.insertPerson(tx, {
        email: input.email,
        passwordHash,
        phone: input.phone ?? null,
        zipCode: input.zip_code ?? null,
        language,
        region,
        friendRef: input.friend_ref ?? null,
        userRef: input.user_ref ?? null,
      });
      await recordSignUpConsents(tx, identity.partyId);
      if (!input.skip_email)
        await mailVerificationCode(deps, tx, identity, 'email_verification', identity.email);
      return startSession(deps, tx, identity, context);
    });
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides, the loser gets the usual answer.
    if (repository.isUniqueViolation(error)) throw new AppError('email_in_use');
    throw error;
  }
}

/** Signs in with e-mail and password. Unknown e-mail and wrong password look the same, timing included. */
export async function authenticate(deps: IdentityDeps, input: Login, context: CallContext): Promise<string> {
  const identity = await repository.findIdentityByEmail(deps.db, input.email);
  const isValid = identity?.passwordHash
    ? await verifyPassword(identity.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!identity || !isValid) throw new AppError('invalid_credentials');
  return deps.db.transaction((tx) => startSession(deps, tx, identity, context));
}

/** A fresh token for the same live session, with up-to-date claims, never outliving the session. */
export async function refreshSession(deps: IdentityDeps, auth: RequestAuth): Promise<string> {
  const now = new Date();
  const token = await issueTokenForSession(deps, deps.db, auth.sessionId, now);
  await markSessionRefreshed(deps.db, auth.sessionId, now);
  return token;
}

export async function logout(deps: IdentityDeps, auth: RequestAuth): Promise<void> {
  await deps.db.transaction(async (tx) => {
    // Signing out of a switch-user session ends the switch: the audit trail must show when it ended.
    if (auth.switchedBy) return endSwitchedSession(tx, auth, 'logout');
    await revokeSession(tx, auth.sessionId, 'logout');
    // A staff member who signs out leaves no switch behind, and the trail says when each one ended.
    for (const switched of await findOpenSwitchSessions(tx, auth.sessionId)) {
      await revokeSession(tx, switched.id, 'switch_ended');
      await recordAuditEvent(tx, {
        action: 'switch_user.end',
        actorPartyId: auth.identityPartyId,
        targetPartyId: switched.partyId,
        sessionId: switched.id,
        details: { staff_session_id: auth.sessionId, via: 'staff_logout' },
      });
    }
  });
}

/**
 * A reset request takes at least this long, account or not: writing the code and the mail takes
 * measurably longer than finding no account, which would tell which addresses are registered.
 */
export const PASSWORD_RESET_REQUEST_MIN_MS = 250;

/** Mails a reset link when the address has an account; answers the same either way (no enumeration). */
export async function requestPasswordReset(deps: IdentityDeps, email: string): Promise<void> {
  const floor = sleep(PASSWORD_RESET_REQUEST_MIN_MS);
  try {
    await mailPasswordReset(deps, email);
  } finally {
    await floor;
  }
}

async function mailPasswordReset(deps: IdentityDeps, email: string): Promise<void> {
  const identity = await repository.findIdentityByEmail(deps.db, email);
  if (!identity) return;
  const now = new Date();
  const { code, codeHash } = newCode();
  await deps.db.transaction(async (tx) => {
    await repository.expireUnusedCodes(tx, identity.partyId, ['password_reset'], now);
    await repository.insertOneTimeCode(tx, {
      codeHash,
      partyId: identity.partyId,
      purpose: 'password_reset',
      email: identity.email,
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60 * 1000),
    });
    const link = `${deps.publicUrl}/reset-password?code=${encodeURIComponent(code)}`;
    await enqueueMail(tx, passwordResetMail({ to: identity.email, language: identity.language, link }));
  });
}

/**
 * What whoever opened an account with an address they never proved typed into it. When the
 * address's owner claims the account (a password reset link, Google), none of it is theirs: a
 * name, address or phone of someone else must not show up in their profile, exports or bikes.
 * E-mail, language and region stay: the owner reached the account through that address.
 */
export const UNCLAIMED_PROFILE_RESET = {
  firstName: null,
  lastName: null,
  streetAddress: null,
  floor: null,
  side: null,
  door: null,
  zipCode: null,
  city: null,
  mobile: null,
  phone: null,
  clubMembershipNumber: null,
  friendRef: null,
  userRef: null,
} as const satisfies repository.IdentityChanges;

/** Sets a new password from a mailed code and signs the person out everywhere. */
export async function resetPassword(deps: IdentityDeps, code: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    const now = new Date();
    const used = await repository.consumeOneTimeCode(tx, hashCode(code), ['password_reset'], now);
    const identity = used ? await repository.findIdentityById(tx, used.partyId) : null;
    if (!used || !identity || identity.email !== used.email) throw new AppError('password_reset_failed');
    rejectWeakPassword('new_password', newPassword, identity.email);
    // Following a link sent to the address proves the person reads it. A pending e-mail change was
    // asked for by whoever held the sessions revoked here (say, someone who signed up with this
    // address first): its link must not move the account to their address afterwards.
    await repository.updateIdentity(tx, identity.partyId, {
      ...(identity.emailVerifiedAt ? {} : UNCLAIMED_PROFILE_RESET),
      passwordHash,
      emailVerifiedAt: identity.emailVerifiedAt ?? now,
      pendingEmail: null,
    });
    await repository.expireUnusedCodes(tx, identity.partyId, ['email_change'], now);
    await revokeSessionsOfParty(tx, identity.partyId, 'password_reset');
    await enqueueMail(tx, passwordChangedMail({ to: identity.email, language: identity.language }));
  });
}

/** Mails a verification link: to the pending new address if there is one, else to an unverified address. */
export async function requestEmailVerification(deps: IdentityDeps, auth: RequestAuth): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const identity = await requireIdentity(tx, auth.identityPartyId);
    if (identity.pendingEmail) {
      await mailVerificationCode(deps, tx, identity, 'email_change', identity.pendingEmail);
    } else if (!identity.emailVerifiedAt) {
      await mailVerificationCode(deps, tx, identity, 'email_verification', identity.email);
    }
  });
}

/** Follows a verification link: marks the address verified, or completes a pending e-mail change. */
export async function verifyEmail(
  deps: IdentityDeps,
  code: string,
): Promise<{ email: string; email_verified: true }> {
  try {
    return await deps.db.transaction(async (tx) => {
      const now = new Date();
      const used = await repository.consumeOneTimeCode(
        tx,
        hashCode(code),
        ['email_verification', 'email_change'],
        now,
      );
      const identity = used ? await repository.findIdentityById(tx, used.partyId) : null;
      if (!used || !identity) throw new AppError('email_verification_failed');
      if (used.purpose === 'email_verification') {
        if (identity.email !== used.email) throw new AppError('email_verification_failed');
        const updated = await repository.updateIdentity(tx, identity.partyId, {
          emailVerifiedAt: identity.emailVerifiedAt ?? now,
        });
        // Bikes offered to this address before it was confirmed are the person's to answer now, and
        // what they wrote to owners from it without an account continues in their chats.
        await bindOffersAfterEmailVerification(tx, updated);
        await claimGuestContacts(tx, updated);
        return { email: updated.email, email_verified: true as const };
      }
      if (identity.pendingEmail !== used.email) throw new AppError('email_verification_failed');
      if (await repository.isEmailTaken(tx, used.email, identity.partyId)) throw new AppError('email_in_use');
      const updated = await repository.updateIdentity(tx, identity.partyId, {
        email: used.email,
        pendingEmail: null,
        emailVerifiedAt: now,
      });
      await bindOffersAfterEmailVerification(tx, updated);
      await claimGuestContacts(tx, updated);
      return { email: updated.email, email_verified: true as const };
    });
  } catch (error) {
    if (repository.isUniqueViolation(error)) throw new AppError('email_in_use');
    throw error;
  }
}

export async function getProfile(deps: IdentityDeps, auth: RequestAuth) {
  return presentProfile(await requireIdentity(deps.db, auth.identityPartyId), auth.staffRole);
}

const PROFILE_COLUMNS = {
  first_name: 'firstName',
  last_name: 'lastName',
  street_address: 'streetAddress',
  floor: 'floor',
  side: 'side',
  door: 'door',
  zip_code: 'zipCode',
  city: 'city',
  mobile: 'mobile',
  phone: 'phone',
  language: 'language',
  region: 'region',
  club_membership_number: 'clubMembershipNumber',
} as const satisfies Partial<Record<keyof ProfileUpdate, keyof IdentityChanges>>;

/**
 * Saves the profile. Every field but the e-mail saves at once; a new e-mail waits in pending_email
 * until the link mailed to it is followed, and the answer says the save was partial.
 */
export async function updateProfile(
  deps: IdentityDeps,
  auth: RequestAuth,
  update: ProfileUpdate,
): Promise<ProfileSaveResponse> {
  return deps.db.transaction(async (tx) => {
    const identity = await requireIdentity(tx, auth.identityPartyId);
    if (!canActOnParty(auth, 'update', identity.partyId)) throw new AppError('forbidden');
    // Support may correct an address for someone, but moving the sign-in address would hand them the account.
    if (auth.switchedBy && update.email !== undefined && update.email !== identity.email) {
      throw new AppError('not_allowed_while_switched');
    }
    const changes: IdentityChanges = {};
    for (const [field, column] of Object.entries(PROFILE_COLUMNS) as [
      keyof typeof PROFILE_COLUMNS,
      string,
    ][]) {
      const value = update[field];
      if (value !== undefined) (changes as Record<string, unknown>)[column] = value;
    }
    let changedEmailTo: string | null = null;
    if (update.email !== undefined) {
      if (update.email === identity.email) {
        // Typing the current address back cancels a pending change.
        changes.pendingEmail = null;
      } else if (update.email !== identity.pendingEmail) {
        if (await repository.isEmailTaken(tx, update.email, identity.partyId))
          throw new AppError('email_in_use');
        changes.pendingEmail = update.email;
        changedEmailTo = update.email;
      }
    }
    const updated = await repository.updateIdentity(tx, identity.partyId, changes);
    if (changedEmailTo) {
      await mailVerificationCode(deps, tx, updated, 'email_change', changedEmailTo);
      await enqueueMail(
        tx,
        emailChangeNoticeMail({ to: identity.email, language: updated.language, newEmail: changedEmailTo }),
      );
    }
    return {
      ...presentProfile(updated, auth.staffRole),
      save_status: updated.pendingEmail ? 'partial' : 'complete',
    };
  });
}

/** Changes the password, ends every session (this one too) and signs in afresh. */
export async function changePassword(
  deps: IdentityDeps,
  auth: RequestAuth,
  input: { current_password: string; new_password: string },
  context: CallContext,
): Promise<string> {
  const identity = await requireIdentity(deps.db, auth.identityPartyId);
  const isCurrent = identity.passwordHash
    ? await verifyPassword(identity.passwordHash, input.current_password)
    : false;
  if (!isCurrent) throw new AppError('invalid_credentials');
  rejectWeakPassword('new_password', input.new_password, identity.email);
  const passwordHash = await hashPassword(input.new_password);
  return deps.db.transaction(async (tx) => {
    // Like the sessions, an e-mail change asked for before the new password dies with the old one.
    const updated = await repository.updateIdentity(tx, identity.partyId, {
      passwordHash,
      pendingEmail: null,
    });
    await repository.expireUnusedCodes(tx, identity.partyId, ['email_change'], new Date());
    await revokeSessionsOfParty(tx, identity.partyId, 'password_changed');
    await enqueueMail(tx, passwordChangedMail({ to: updated.email, language: updated.language }));
    return startSession(deps, tx, updated, context);
  });
}

/** The signed-in user's stored language, or for a visitor the request's (?lang, Accept-Language, da). */
export async function getLanguage(deps: IdentityDeps, auth: RequestAuth | null, requestLanguage: Language) {
  if (!auth) return { language: requestLanguage };
  const identity = await requireIdentity(deps.db, auth.identityPartyId);
  return { language: presentProfile(identity).language };
}

export async function setLanguage(deps: IdentityDeps, auth: RequestAuth, language: Language) {
  const identity = await requireIdentity(deps.db, auth.identityPartyId);
  const updated = await repository.updateIdentity(deps.db, identity.partyId, { language });
  return { language: presentProfile(updated).language };
}

/** The user's region, or for a visitor a guess from the language they read (Norwegian → no). */
export async function getRegion(deps: IdentityDeps, auth: RequestAuth | null, requestLanguage: Language) {
  if (!auth) return { region: (requestLanguage === 'no' ? 'no' : 'dk') as Region };
  const identity = await requireIdentity(deps.db, auth.identityPartyId);
  return { region: presentRegion(identity.region) };
}

export async function listConsents(deps: IdentityDeps, auth: RequestAuth) {
  return presentConsents(await repository.listConsentEvents(deps.db, auth.identityPartyId));
}

/** Records a consent decision; the history keeps every earlier one. */
export async function decideConsent(
  deps: IdentityDeps,
  auth: RequestAuth,
  type: ConsentType,
  action: 'grant' | 'revoke',
) {
  if (!canDecideConsent(auth, auth.identityPartyId)) throw new AppError('forbidden');
  return deps.db.transaction(async (tx) => {
    await repository.insertConsentEvents(tx, [
      { partyId: auth.identityPartyId, type, action, source: 'user' },
    ]);
    return presentConsent(type, await repository.listConsentEvents(tx, auth.identityPartyId));
  });
}

/**
 * Deletes the account for good: personal data erased or pseudonymised, consents and codes removed,
 * analytics detached, every session revoked. The party row stays (deleted) so payment records,
 * which bookkeeping law keeps for five years, still have an owner.
 */
export async function deleteAccount(
  deps: IdentityDeps,
  auth: RequestAuth,
  partyId: string,
  // Checked by the route schema (all four must be true); taken here so no caller can skip them.
  _confirmations: AccountDeletion,
): Promise<void> {
  // An unknown id answers like someone else's: whether a party exists is not the caller's business.
  if (!canActOnParty(auth, 'delete', partyId)) throw new AppError('forbidden');
  const storageKeys = await deps.db.transaction(async (tx) => {
    // Locked: of two deletions at once (a double click) the second finds the account already gone.
    const identity = await repository.lockIdentityById(tx, partyId);
    if (!identity) throw new AppError('invalid_token');
    // An organisation that still has people in it must keep an admin: hand the role over first.
    if (await repository.isLastAdminOfOrganisationWithOthers(tx, partyId)) throw new AppError('last_admin');
    await repository.deleteMemberships(tx, partyId);
    // The person's bikes go with the account (plates freed, equipment and files deleted).
    const bikeFileKeys = await deleteBikesOfAccount(tx, partyId);
    // Theft reports they made of bikes now someone else's, and the address their guest messages
    // were claimed by, go too.
    await forgetTheftReportsOf(tx, partyId);
    await forgetGuestContactsOf(tx, partyId);
    const now = new Date();
    await repository.updateIdentity(tx, partyId, {
      // Not an e-mail address, so no sign-up can claim it first and make the deletion fail.
      email: `deleted:${partyId}`,
      pendingEmail: null,
      passwordHash: null,
      emailVerifiedAt: null,
      verifiedOn: null,
      birthDate: null,
      // Everything a person typed about themself goes, as when an unconfirmed account is claimed.
      ...UNCLAIMED_PROFILE_RESET,
      deletedAt: now,
    });
    await repository.markPartyDeleted(tx, partyId, now);
    await repository.deleteConsentEvents(tx, partyId);
    await repository.deleteOneTimeCodes(tx, partyId);
    // Else the person's Google account would still open the (deleted) account, or block a new one.
    await deleteExternalLogins(tx, partyId);
    await repository.detachTrackingEvents(tx, partyId);
    await revokeSessionsOfParty(tx, partyId, 'account_deleted');
    await repository.eraseSessionDetails(tx, partyId);
    // Earlier mails (addresses, links, contents) go too; only the goodbye below is sent to the address.
    await repository.deleteMailsTo(
      tx,
      [identity.email, identity.pendingEmail].filter((address): address is string => Boolean(address)),
    );
    const retainUntil = new Date(now);
    retainUntil.setUTCFullYear(retainUntil.getUTCFullYear() + RETENTION_YEARS);
    await repository.insertAccountDeletion(tx, { partyId, deletedAt: now, retainUntil });
    await enqueueMail(tx, accountDeletedMail({ to: identity.email, language: identity.language }));
    return bikeFileKeys;
  });
  // Once the deletion has committed: stored bytes cannot be rolled back with it.
  if (storageKeys.length > 0) await deps.storage?.delete(storageKeys);
}

/** Everything held about the signed-in person (GDPR Art. 15 and 20). */
export async function exportPersonalData(deps: IdentityDeps, auth: RequestAuth): Promise<PersonalDataExport> {
  if (!canActOnParty(auth, 'export', auth.identityPartyId)) throw new AppError('forbidden');
  const identity = await requireIdentity(deps.db, auth.identityPartyId);
  const [consentEvents, sessions, trackingEvents] = await Promise.all([
    repository.listConsentEvents(deps.db, identity.partyId),
    repository.listSessions(deps.db, identity.partyId),
    repository.listTrackingEvents(deps.db, identity.partyId),
  ]);
  return presentPersonalDataExport({
    identity,
    consentEvents,
    sessions,
    trackingEvents,
    now: new Date(),
    staffRole: auth.staffRole,
  });
}

/*
 * For the organisations module. People join organisations by accepting an invitation with their
 * own account; no account is ever made for someone else's address.
 */

/** The person who signs in with this address, or null; another module's way to tell existing from new. */
export async function findPersonByEmail(executor: Executor, email: string): Promise<IdentityRow | null> {
  return repository.findIdentityByEmail(executor, email);
}

/** Display names of parties (people and organisations), for chats and transfers; null when none is given. */
export async function partyNames(
  executor: Executor,
  partyIds: readonly string[],
): Promise<Map<string, string | null>> {
  return repository.findPartyNames(executor, partyIds);
}

export async function findPersonById(executor: Executor, partyId: string): Promise<IdentityRow | null> {
  return repository.findIdentityById(executor, partyId);
}

/**
 * The person followed a link mailed to their sign-in address (an organisation invitation): that
 * proves the mailbox as well as the e-mail verification link would.
 */
export async function markEmailProven(
  executor: Executor,
  identity: IdentityRow,
  now = new Date(),
): Promise<void> {
  if (identity.emailVerifiedAt) return;
  await repository.updateIdentity(executor, identity.partyId, { emailVerifiedAt: now });
}

/**
 * Which party the person's new sessions act for: an organisation of theirs, or null for the person.
 * The caller has checked the membership.
 */
export async function setDefaultParty(
  executor: Executor,
  identityPartyId: string,
  partyId: string | null,
): Promise<void> {
  await repository.updateIdentity(executor, identityPartyId, { defaultPartyId: partyId });
}

/** After the person left an organisation: new sessions act for the person again, if they acted for it. */
export async function forgetDefaultParty(
  executor: Executor,
  identityPartyId: string,
  partyId: string,
): Promise<void> {
  const identity = await repository.findIdentityById(executor, identityPartyId);
  if (identity?.defaultPartyId === partyId) {
    await repository.updateIdentity(executor, identityPartyId, { defaultPartyId: null });
  }
}
