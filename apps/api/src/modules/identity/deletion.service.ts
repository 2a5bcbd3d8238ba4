import type { Executor } from '../../db/client.ts';
import { eraseAuditDetailsAbout } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { revokeSessionsOfParty } from '../../platform/auth/sessions.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail, withdrawPendingMailsNaming } from '../../platform/mail/outbox.ts';
import { deleteExternalLogins } from './google.repository.ts';
import { accountDeletedMail } from './identity.mails.ts';
import { canActOnParty } from './identity.policy.ts';
import * as repository from './identity.repository.ts';
import { UNCLAIMED_PROFILE_RESET } from './identity.service.ts';
import { verifyPassword } from './passwords.ts';
import { consumeApproval } from './verification.service.ts';

/*
 * Identity's steps of deleting an account for good. The deletion as a whole (bikes, offers, theft
 * reports and guest chats go too, in one transaction) is use-cases/delete-account.ts: these run in
 * its transaction, first `lockAccountForDeletion`, last `eraseAccount`.
 */

/** Bookkeeping law keeps payment records five years after the account is gone. */
const RETENTION_YEARS = 5;

/** Whether the caller may delete this account; an unknown id answers like someone else's. */
export function checkAccountDeletion(auth: RequestAuth, partyId: string): void {
  // Whether a party exists is not the caller's business.
  if (!canActOnParty(auth, 'delete', partyId)) throw new AppError('forbidden');
}

/** What erasing the account needs to know of it as it was when it was locked. */
export interface AccountBeingDeleted {
  partyId: string;
  email: string;
  pendingEmail: string | null;
  language: string;
  passwordHash: string | null;
  /** What other people's pending mails may spell out of the person (withdrawn at the erasure). */
  mentions: string[];
}

/** The person's addresses: the sign-in one and a pending new one. */
export function addressesOf(account: AccountBeingDeleted): string[] {
  return [account.email, account.pendingEmail].filter((address): address is string => Boolean(address));
}

/**
 * The account locked for its deletion, and the memberships it leaves. Of two deletions at once (a
 * double click) the second finds the account already gone.
 */
export async function lockAccountForDeletion(
  executor: Executor,
  partyId: string,
): Promise<AccountBeingDeleted> {
  const identity = await repository.lockIdentityById(executor, partyId);
  if (!identity) throw new AppError('invalid_token');
  // An organisation that still has people in it must keep an admin: hand the role over first.
  if (await repository.isLastAdminOfOrganisationWithOthers(executor, partyId)) {
    throw new AppError('last_admin');
  }
  await repository.deleteMemberships(executor, partyId);
  const { email, pendingEmail, language, passwordHash } = identity;
  const fullName = [identity.firstName, identity.lastName].filter(Boolean).join(' ');
  const mentions = [fullName, email, pendingEmail, identity.phone, identity.mobile].filter(
    (value): value is string => Boolean(value),
  );
  return { partyId, email, pendingEmail, language, passwordHash, mentions };
}

/**
 * A stolen session must not be enough to erase an account: the person proves it is them, now. With
 * a password, by typing it (password_required, wrong_password); an account without one (signed up
 * with Google) by a fresh MitID/BankID approval of exactly this deletion, used up here
 * (approval_required). Runs in the deletion's transaction, so the approval is spent only when the
 * account goes.
 */
export async function proveAccountDeletion(
  executor: Executor,
  account: AccountBeingDeleted,
  password: string | undefined,
): Promise<void> {
  if (account.passwordHash) {
    if (!password) throw new AppError('password_required');
    if (!(await verifyPassword(account.passwordHash, password))) throw new AppError('wrong_password');
    return;
  }
  await consumeApproval(executor, {
    identityPartyId: account.partyId,
    action: 'delete_account',
    objectId: account.partyId,
  });
}

/**
 * Personal data erased or pseudonymised, consents and codes removed, analytics detached, every
 * session revoked, and a goodbye mailed. The party row stays (deleted) so payment records, which
 * bookkeeping law keeps for five years, still have an owner. The account is locked
 * (`lockAccountForDeletion`) in the same transaction.
 */
export async function eraseAccount(executor: Executor, account: AccountBeingDeleted): Promise<void> {
  const { partyId } = account;
  const now = new Date();
  await repository.updateIdentity(executor, partyId, {
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
  await repository.markPartyDeleted(executor, partyId, now);
  await repository.deleteConsentEvents(executor, partyId);
  await repository.deleteOneTimeCodes(executor, partyId);
  // Else the person's Google account would still open the (deleted) account, or block a new one.
  await deleteExternalLogins(executor, partyId);
  await repository.detachTrackingEvents(executor, partyId);
  // The legal name, birth date and the broker's subject of MitID/BankID checks, and their sessions.
  await repository.deleteNationalIdentityData(executor, partyId);
  await repository.deleteStaffMembership(executor, partyId);
  await repository.forgetInvitationsTo(executor, partyId, addressesOf(account));
  await eraseAuditDetailsAbout(executor, partyId, addressesOf(account));
  // Notices to others still waiting to go out that name the person (an offer from them, say).
  await withdrawPendingMailsNaming(executor, account.mentions);
  await revokeSessionsOfParty(executor, partyId, 'account_deleted');
  await repository.eraseSessionDetails(executor, partyId);
  // Earlier mails (addresses, links, contents) go too; only the goodbye below is sent to the address.
  await repository.deleteMailsTo(executor, addressesOf(account));
  const retainUntil = new Date(now);
  retainUntil.setUTCFullYear(retainUntil.getUTCFullYear() + RETENTION_YEARS);
  await repository.insertAccountDeletion(executor, { partyId, deletedAt: now, retainUntil });
  // Delivered, the goodbye leaves no row: else its recipient would be the address kept.
  await enqueueMail(executor, {
    ...accountDeletedMail({ to: account.email, language: account.language }),
    forgetAfterDelivery: true,
  });
}
