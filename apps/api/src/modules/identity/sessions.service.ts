import type { Login, SignUp } from '@nbr/domain/identity';
import { LANGUAGE_BY_REGION, type Language, type Region } from '@nbr/domain/locale';
import type { Executor } from '../../db/client.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import {
  findLiveSession,
  findOpenSwitchSessions,
  insertSession,
  markSessionRefreshed,
  revokeSession,
} from '../../platform/auth/sessions.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { withMinimumDuration } from '../../platform/minimum-duration.ts';
import type { AddressProven, CallContext, IdentityDeps, SignInDeps } from './identity.deps.ts';
import { signUpAttemptMail } from './identity.mails.ts';
import type { IdentityRow } from './identity.repository.ts';
import * as repository from './identity.repository.ts';
import { mailVerificationCode, rejectWeakPassword, requireIdentity } from './identity.service.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { toPerson } from './person.ts';
import { findReferrerByCode } from './referral-codes.service.ts';

/*
 * Sessions: signing up and in, the tokens of a session, refreshing and signing out, and staff
 * switching into a person's account and back.
 */

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
  deps: SignInDeps,
  executor: Executor,
  identity: IdentityRow,
  context: Pick<CallContext, 'userAgent'>,
  options: StartSessionOptions = {},
): Promise<string> {
  return (await openSession(deps, executor, identity, context, options, deps.onAddressProven)).token;
}

async function openSession(
  deps: IdentityDeps,
  executor: Executor,
  identity: IdentityRow,
  context: Pick<CallContext, 'userAgent'>,
  options: StartSessionOptions,
  onAddressProven: AddressProven | null,
): Promise<{ token: string; sessionId: string }> {
  // Every way in (password, Google, MitID/BankID, a password reset, a switch-user) passes here: a
  // person blocked by staff is told so in their language; staff use the backoffice's person view.
  if (identity.blockedAt) throw new AppError('account_blocked');
  const defaultOrganisation =
    identity.defaultPartyId && !options.impersonatorPartyId
      ? await repository.findOrganisationOfMember(executor, identity.defaultPartyId, identity.partyId)
      : null;
  const actingPartyId = defaultOrganisation ? identity.defaultPartyId : null;
  // Signing in with a confirmed address proves it again (messages written from it without an
  // account become theirs); staff switched into the account prove nothing.
  if (!options.impersonatorPartyId && identity.emailVerifiedAt) {
    await onAddressProven?.(executor, toPerson(identity), 'sign_in');
  }
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
  context: Pick<CallContext, 'userAgent'> & {
    ttlMs: number;
    /** Why staff switch in (a ticket or free text): in the audit trail and the person's access log. */
    reason: string;
  },
): Promise<string> {
  const { token, sessionId } = await openSession(
    deps,
    executor,
    target,
    context,
    {
      impersonatorPartyId: staff.identityPartyId,
      parentSessionId: staff.sessionId,
      ttlMs: context.ttlMs,
    },
    null,
  );
  await recordAuditEvent(executor, {
    action: 'switch_user.start',
    actorPartyId: staff.identityPartyId,
    targetPartyId: target.partyId,
    sessionId,
    details: { staff_session_id: staff.sessionId, staff_role: staff.staffRole, reason: context.reason },
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

/**
 * A sign-up takes at least this long, account or not: creating one (and its mail) takes longer than
 * mailing a notice, which would tell which addresses are registered.
 */
export const SIGN_UP_MIN_MS = 300;

/**
 * Signs a person up, answering the same whether the address has an account (issue 14: a 409 told
 * who is registered). A free address gets an account that awaits its mailed link: no password
 * sign-in before that (see authenticate), so signing in with the chosen password tells nothing
 * either. A taken address is left as it is; its owner is mailed that someone tried, in their
 * language. The confirmation mail is the only way in, so `skip_email` no longer skips it.
 */
export async function signUp(deps: SignInDeps, input: SignUp, context: CallContext): Promise<void> {
  rejectWeakPassword('password', input.password, input.email);
  await withMinimumDuration(SIGN_UP_MIN_MS, () => createOrNotify(deps, input, context));
}

async function createOrNotify(deps: SignInDeps, input: SignUp, context: CallContext): Promise<void> {
  // Hashed either way, so the slow step does not tell a taken address from a free one.
  const passwordHash = await hashPassword(input.password);
  const { language, region } = newAccountLocale(input, context);
  try {
    await deps.db.transaction(async (tx) => {
      const owner = await repository.findIdentityByEmail(tx, input.email);
      if (owner) {
        await mailSignUpAttemptNotice(deps, tx, owner);
        return;
      }
      const identity = await repository.insertPerson(tx, {
        email: input.email,
        passwordHash,
        awaitingSignUpConfirmation: true,
        // The sign-up form asks for the mobile number (SPEC §3 names the field `phone`): it is the
        // person's mobile, not their "other phone" (issue 14: a theft report pre-fills it as mobile).
        mobile: input.phone ?? null,
        zipCode: input.zip_code ?? null,
        language,
        region,
        friendRef: input.friend_ref ?? null,
        userRef: input.user_ref ?? null,
        // friend_ref is the inviter's referral code (issue 30 §1); anything else invites nobody.
        referredByPartyId: await findReferrerByCode(tx, input.friend_ref),
      });
      await recordSignUpConsents(tx, identity.partyId);
      await mailVerificationCode(deps, tx, identity, 'email_verification', identity.email);
    });
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides, and the loser is answered as
    // every sign-up is (the winner's mail reaches the address).
    if (repository.isUniqueViolation(error)) return;
    throw error;
  }
}

/** Tells the owner of a taken address that someone tried to sign up with it, in their language. */
export async function mailSignUpAttemptNotice(
  deps: Pick<SignInDeps, 'publicUrl'>,
  tx: Executor,
  owner: Pick<IdentityRow, 'email' | 'language'>,
): Promise<void> {
  await enqueueMail(
    tx,
    signUpAttemptMail({
      to: owner.email,
      language: owner.language,
      loginLink: `${deps.publicUrl}/login`,
      resetLink: `${deps.publicUrl}/forgot-password`,
    }),
  );
}

/** How long after a confirmation link was mailed a sign-in does not mail it again. */
export const CONFIRMATION_HINT_INTERVAL_MS = 5 * 60 * 1000;

/**
 * Signs in with e-mail and password. Unknown e-mail and wrong password look the same, timing included.
 * `onBackgroundError` hears of a failure of work done after answering (the confirmation hint).
 */
export async function authenticate(
  deps: SignInDeps,
  input: Login,
  context: CallContext,
  onBackgroundError: (error: unknown) => void = () => {},
): Promise<string> {
  const identity = await repository.findIdentityByEmail(deps.db, input.email);
  const isValid = identity?.passwordHash
    ? await verifyPassword(identity.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  // An account whose sign-up link was not followed yet is answered as a wrong password: signing up
  // and then in with the chosen password must not tell whether the address was free. Its mailbox
  // is told instead (issue 27): the confirmation link is mailed again, after the answer so that
  // the answer takes no longer, and at most every few minutes.
  if (identity && isValid && identity.awaitingSignUpConfirmation) {
    mailConfirmationHint(deps, identity).catch(onBackgroundError);
  }
  if (!identity || !isValid || identity.awaitingSignUpConfirmation) throw new AppError('invalid_credentials');
  return deps.db.transaction((tx) => startSession(deps, tx, identity, context));
}

async function mailConfirmationHint(deps: SignInDeps, identity: IdentityRow): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const since = new Date(Date.now() - CONFIRMATION_HINT_INTERVAL_MS);
    if (await repository.hasCodeIssuedSince(tx, identity.partyId, 'email_verification', since)) return;
    await mailVerificationCode(deps, tx, identity, 'email_verification', identity.email);
  });
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
