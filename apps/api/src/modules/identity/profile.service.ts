import type { StaffRole } from '@nbr/domain/backoffice';
import {
  type ConsentType,
  flatOfRegion,
  type ProfileSaveResponse,
  type ProfileUpdate,
} from '@nbr/domain/identity';
import type { Language, Region } from '@nbr/domain/locale';
import type { Executor } from '../../db/client.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { CallContext, IdentityDeps, SignInDeps } from './identity.deps.ts';
import { emailChangeNoticeMail } from './identity.mails.ts';
import { canActOnParty, canDecideConsent } from './identity.policy.ts';
import {
  presentConsent,
  presentConsents,
  presentPersonalDataOfIdentity,
  presentProfile,
  presentRegion,
} from './identity.presenter.ts';
import type { IdentityChanges } from './identity.repository.ts';
import * as repository from './identity.repository.ts';
import { hashCode, mailAddressChange, mailVerificationCode, requireIdentity } from './identity.service.ts';
import { toPerson } from './person.ts';
import * as personalData from './personal-data.repository.ts';
import { startSession } from './sessions.service.ts';
import { findVerifiedName } from './verification.repository.ts';

/*
 * The profile: the e-mail address and its confirmation, the person's details, language and region,
 * consents, and the export of everything held about them.
 */

/** Mails a verification link: to the pending new address if there is one, else to an unverified address. */
export async function requestEmailVerification(deps: IdentityDeps, auth: RequestAuth): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const identity = await requireIdentity(tx, auth.identityPartyId);
    if (identity.pendingEmail) {
      await mailAddressChange(deps, tx, identity, identity.pendingEmail);
    } else if (!identity.emailVerifiedAt) {
      await mailVerificationCode(deps, tx, identity, 'email_verification', identity.email);
    }
  });
}

/**
 * Follows a verification link: marks the address verified, or completes a pending e-mail change.
 * The link of a sign-up also signs the new person in (no password sign-in before it): its answer
 * carries their first session's token.
 */
export async function verifyEmail(
  deps: SignInDeps,
  code: string,
  context: CallContext,
): Promise<{ email: string; email_verified: true; authentication_token?: string }> {
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
          awaitingSignUpConfirmation: false,
        });
        // Bikes offered to this address before it was confirmed are the person's to answer now, and
        // what they wrote to owners from it without an account continues in their chats.
        await deps.onAddressProven(tx, toPerson(updated), 'confirmation');
        if (!identity.awaitingSignUpConfirmation)
          return { email: updated.email, email_verified: true as const };
        return {
          email: updated.email,
          email_verified: true as const,
          authentication_token: await startSession(deps, tx, updated, context),
        };
      }
      if (identity.pendingEmail !== used.email) throw new AppError('email_verification_failed');
      if (await repository.isEmailTaken(tx, used.email, identity.partyId)) throw new AppError('email_in_use');
      const updated = await repository.updateIdentity(tx, identity.partyId, {
        email: used.email,
        pendingEmail: null,
        emailVerifiedAt: now,
      });
      await deps.onAddressProven(tx, toPerson(updated), 'confirmation');
      return { email: updated.email, email_verified: true as const };
    });
  } catch (error) {
    if (repository.isUniqueViolation(error)) throw new AppError('email_in_use');
    throw error;
  }
}

export async function getProfile(deps: IdentityDeps, auth: RequestAuth) {
  const identity = await requireIdentity(deps.db, auth.identityPartyId);
  return presentProfile(identity, auth.staffRole, await findVerifiedName(deps.db, identity.partyId));
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
 * until the link mailed to it is followed, and the answer says the save was partial. An address of
 * another account is answered alike, but its mailbox gets a notice instead of a link.
 */
export async function updateProfile(
  deps: IdentityDeps,
  auth: RequestAuth,
  input: ProfileUpdate,
): Promise<ProfileSaveResponse> {
  return deps.db.transaction(async (tx) => {
    const identity = await requireIdentity(tx, auth.identityPartyId);
    if (!canActOnParty(auth, 'update', identity.partyId)) throw new AppError('forbidden');
    // The address takes the form of the region it is saved with: a Norwegian flat is a bolignummer.
    const flat = flatOfRegion(input.region ?? presentRegion(identity.region), input);
    if (!flat.ok) throw new ValidationError([{ loc: ['body', 'door'], type: flat.problem }]);
    const update: ProfileUpdate = flat.fields;
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
        // Taken or free, the answer is the same (a 409 would tell which addresses have an account):
        // the change waits for a confirmation that only a free address is sent (mailAddressChange).
        changes.pendingEmail = update.email;
        changedEmailTo = update.email;
      }
    }
    const updated = await repository.updateIdentity(tx, identity.partyId, changes);
    if (changedEmailTo) {
      await mailAddressChange(deps, tx, updated, changedEmailTo);
      await enqueueMail(
        tx,
        emailChangeNoticeMail({ to: identity.email, language: updated.language, newEmail: changedEmailTo }),
      );
    }
    return {
      ...presentProfile(updated, auth.staffRole, await findVerifiedName(tx, updated.partyId)),
      save_status: updated.pendingEmail ? 'partial' : 'complete',
    };
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

/** Whether the caller may take a copy of their personal data (the person, not staff switched in). */
export function checkPersonalDataExport(auth: RequestAuth): void {
  if (!canActOnParty(auth, 'export', auth.identityPartyId)) throw new AppError('forbidden');
}

/**
 * Identity's section of the personal data export (GDPR Art. 15 and 20; docs/personal-data-export.md):
 * the account, its profile, consents, sessions, analytics, national identity checks and their
 * sessions, linked sign-ins, mailed codes (never the codes), staff role and organisations.
 */
export async function identityPersonalData(executor: Executor, partyId: string, staffRole: StaffRole | null) {
  const identity = await requireIdentity(executor, partyId);
  const [consentEvents, sessions, trackingEvents] = await Promise.all([
    repository.listConsentEvents(executor, partyId),
    repository.listSessions(executor, partyId),
    repository.listTrackingEvents(executor, partyId),
  ]);
  const base = presentPersonalDataOfIdentity({
    identity,
    consentEvents,
    sessions,
    trackingEvents,
    staffRole,
  });
  return {
    party: await personalData.findParty(executor, partyId),
    profile: base.profile,
    consents: base.consents,
    sessions: base.sessions,
    tracking_events: base.tracking_events,
    national_identity_checks: await personalData.listNationalIdentityChecks(executor, partyId),
    verification_sessions: await personalData.listVerificationSessions(executor, partyId),
    external_logins: await personalData.listExternalLogins(executor, partyId),
    mailed_codes: await personalData.listOneTimeCodes(executor, partyId),
    staff_membership: await personalData.findStaffMembership(executor, partyId),
    organisations: {
      memberships: await personalData.listMemberships(executor, partyId),
      created: await personalData.listOrganisationsCreatedBy(executor, partyId),
      invitations: await personalData.listInvitationsTo(executor, partyId, identity.email),
    },
  };
}
