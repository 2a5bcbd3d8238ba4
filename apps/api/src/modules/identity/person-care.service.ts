import type { NationalIdentityCheck, PersonProfile, PersonUpdate } from '@nbr/domain/backoffice-people';
import { flatOfRegion } from '@nbr/domain/identity';
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { nationalIdentityChecks } from '../../db/schema/identity.ts';
import { revokeSessionsOfParty } from '../../platform/auth/sessions.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { IdentityDeps } from './identity.deps.ts';
import { emailChangeNoticeMail } from './identity.mails.ts';
import { presentConsents, presentRegion } from './identity.presenter.ts';
import type { IdentityChanges, IdentityRow } from './identity.repository.ts';
import * as repository from './identity.repository.ts';
import { mailAddressChange, mailVerificationCode } from './identity.service.ts';
import { mailPasswordResetTo } from './passwords.service.ts';

/*
 * What backoffice staff do to a person's account (issue 17 §1), as identity's own steps: who may do
 * it and the audit are the backoffice's; these run in its transaction.
 */

function iso(value: Date | null): string | null {
  return value?.toISOString() ?? null;
}

function presentPersonProfile(row: IdentityRow, staffRole: 'support' | 'admin' | null): PersonProfile {
  return {
    identity_party_id: row.partyId,
    email: row.email,
    pending_email: row.pendingEmail,
    email_verified: row.emailVerifiedAt !== null,
    verified_on: iso(row.verifiedOn),
    first_name: row.firstName,
    last_name: row.lastName,
    street_address: row.streetAddress,
    floor: row.floor,
    side: row.side,
    door: row.door,
    zip_code: row.zipCode,
    city: row.city,
    mobile: row.mobile,
    phone: row.phone,
    language: row.language as PersonProfile['language'],
    region: presentRegion(row.region),
    signed_up_at: row.signedUpAt.toISOString(),
    staff_role: staffRole,
    blocked_at: iso(row.blockedAt),
  };
}

/** The person's account, locked for the change staff make; 404 when there is none (or it was deleted). */
async function lockAccount(executor: Executor, partyId: string): Promise<IdentityRow> {
  const row = await repository.lockIdentityById(executor, partyId);
  if (!row) throw new AppError('not_found');
  return row;
}

/** The person's account as staff see it, or null when there is none (or it was deleted). */
export async function findPersonProfileForStaff(
  executor: Executor,
  partyId: string,
  staffRole: 'support' | 'admin' | null,
): Promise<PersonProfile | null> {
  const row = await repository.findIdentityById(executor, partyId);
  return row ? presentPersonProfile(row, staffRole) : null;
}

/** The person's consents now (granted or not, and when decided). */
export async function consentsOf(executor: Executor, partyId: string) {
  return presentConsents(await repository.listConsentEvents(executor, partyId))
    .filter((consent) => consent.updated_at !== null)
    .map((consent) => ({
      type: consent.type,
      granted: consent.granted,
      decided_at: consent.updated_at as string,
    }));
}

/** The person's sessions that are neither revoked nor expired, newest first. */
export async function liveSessionsOf(executor: Executor, partyId: string, now = new Date()) {
  const rows = await repository.listSessions(executor, partyId);
  return rows
    .filter((row) => row.revokedAt === null && row.expiresAt > now)
    .map((row) => ({
      session_id: row.id,
      created_at: row.createdAt.toISOString(),
      refreshed_at: row.refreshedAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      user_agent: row.userAgent,
      switched_by_party_id: row.impersonatorPartyId,
    }));
}

/** Every national identity check of the person (name and birth date as MitID/BankID gave them). */
export async function nationalIdentityChecksOf(
  executor: Executor,
  partyId: string,
): Promise<NationalIdentityCheck[]> {
  const rows = await executor
    .select()
    .from(nationalIdentityChecks)
    .where(eq(nationalIdentityChecks.partyId, partyId))
    .orderBy(desc(nationalIdentityChecks.checkedAt));
  return rows.map((row) => ({
    provider: row.provider,
    name: row.name,
    birth_date: row.birthDate,
    checked_at: row.checkedAt.toISOString(),
  }));
}

const CORRECTABLE_COLUMNS = {
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
} as const satisfies Partial<Record<keyof PersonUpdate, keyof IdentityChanges>>;

export interface ProfileCorrection {
  /** The fields that changed, with their old and new values (e-mail: the pending new address). */
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  profile: PersonProfile;
}

/**
 * Staff correct a person's details. A new sign-in address is never set directly: as when the person
 * asks, it waits for the link mailed to it, and the old address is told.
 */
export async function correctProfile(
  deps: IdentityDeps,
  executor: Executor,
  partyId: string,
  input: Omit<PersonUpdate, 'reason'>,
  staffRole: 'support' | 'admin' | null,
): Promise<ProfileCorrection> {
  const identity = await lockAccount(executor, partyId);
  const flat = flatOfRegion(presentRegion(identity.region), input);
  if (!flat.ok) throw new ValidationError([{ loc: ['body', 'door'], type: flat.problem }]);
  const fields: Partial<Record<keyof typeof CORRECTABLE_COLUMNS, string | null>> = flat.fields;
  const changes: IdentityChanges = {};
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(CORRECTABLE_COLUMNS) as [
    keyof typeof CORRECTABLE_COLUMNS,
    keyof IdentityChanges,
  ][]) {
    const value = fields[field];
    if (value === undefined || value === identity[column as keyof IdentityRow]) continue;
    (changes as Record<string, unknown>)[column] = value;
    before[field] = identity[column as keyof IdentityRow] ?? null;
    after[field] = value;
  }
  let newEmail: string | null = null;
  if (input.email !== undefined && input.email !== identity.email && input.email !== identity.pendingEmail) {
    changes.pendingEmail = input.email;
    newEmail = input.email;
    before.email = identity.email;
    after.pending_email = input.email;
  }
  if (Object.keys(changes).length === 0) {
    return { before, after, profile: presentPersonProfile(identity, staffRole) };
  }
  const row = await repository.updateIdentity(executor, identity.partyId, changes);
  if (newEmail) {
    await mailAddressChange(deps, executor, row, newEmail);
    await enqueueMail(
      executor,
      emailChangeNoticeMail({ to: identity.email, language: row.language, newEmail }),
    );
  }
  return { before, after, profile: presentPersonProfile(row, staffRole) };
}

/**
 * Blocks the account: no new sign-in, every session ends now, and the password reset links already
 * mailed stop working (issue 27: one set a new password after the block).
 */
export async function blockAccount(executor: Executor, partyId: string, now = new Date()): Promise<void> {
  const identity = await lockAccount(executor, partyId);
  if (identity.blockedAt) throw new AppError('conflict');
  await repository.updateIdentity(executor, identity.partyId, { blockedAt: now });
  await repository.expireUnusedCodes(executor, identity.partyId, ['password_reset'], now);
  await revokeSessionsOfParty(executor, identity.partyId, 'account_blocked');
}

export async function unblockAccount(executor: Executor, partyId: string): Promise<void> {
  const identity = await lockAccount(executor, partyId);
  if (!identity.blockedAt) throw new AppError('conflict');
  await repository.updateIdentity(executor, identity.partyId, { blockedAt: null });
}

/**
 * Mails the e-mail verification link again (to a pending new address if one waits); a confirmed
 * address with nothing pending has nothing to confirm.
 */
export async function mailVerificationAgain(
  deps: IdentityDeps,
  executor: Executor,
  partyId: string,
): Promise<void> {
  const identity = await lockAccount(executor, partyId);
  if (identity.pendingEmail) {
    await mailAddressChange(deps, executor, identity, identity.pendingEmail);
  } else if (!identity.emailVerifiedAt) {
    await mailVerificationCode(deps, executor, identity, 'email_verification', identity.email);
  } else {
    throw new AppError('conflict');
  }
}

/** Mails a password reset link to the person's address. */
export async function mailPasswordResetLink(
  deps: IdentityDeps,
  executor: Executor,
  partyId: string,
): Promise<void> {
  const identity = await lockAccount(executor, partyId);
  await mailPasswordResetTo(deps, executor, identity);
}
