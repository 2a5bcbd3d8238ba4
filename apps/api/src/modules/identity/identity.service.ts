import { createHash, randomBytes } from 'node:crypto';
import { EMAIL_VERIFICATION_TTL_HOURS } from '@nbr/domain/identity';
import type { Executor } from '../../db/client.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { IdentityDeps } from './identity.deps.ts';
import { addressInUseMail, emailChangeConfirmationMail, emailVerificationMail } from './identity.mails.ts';
import type { IdentityRow } from './identity.repository.ts';
import * as repository from './identity.repository.ts';
import { checkNewPassword } from './passwords.ts';

/*
 * What identity's use cases share: one-time codes, the identity of a live session, the
 * verification mail and the password rules. The use cases themselves live along the seams their
 * tests name: sessions.service.ts, passwords.service.ts, profile.service.ts, deletion.service.ts.
 */

export const HOUR_MS = 60 * 60 * 1000;

export function newCode(): { code: string; codeHash: string } {
  const code = randomBytes(32).toString('base64url');
  return { code, codeHash: hashCode(code) };
}

export function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

export async function requireIdentity(executor: Executor, partyId: string): Promise<IdentityRow> {
  const identity = await repository.findIdentityById(executor, partyId);
  // The session check already refused deleted identities; this guards a deletion in between.
  if (!identity) throw new AppError('invalid_token');
  return identity;
}

export async function mailVerificationCode(
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

/**
 * Mails the new address of an e-mail change. A free address gets the confirmation link; an address
 * that belongs to another account gets a notice without a link instead (addressInUseMail), in its
 * owner's language. The asker is answered the same either way, so the answer never tells which
 * addresses have an account; only the address's own mailbox learns it (docs/product.md).
 */
export async function mailAddressChange(
  deps: IdentityDeps,
  executor: Executor,
  identity: IdentityRow,
  address: string,
): Promise<void> {
  const owner = await repository.findIdentityByEmail(executor, address);
  if (owner && owner.partyId !== identity.partyId) {
    // A code for a taken address could never be used: the confirmation would answer email_in_use.
    await repository.expireUnusedCodes(
      executor,
      identity.partyId,
      ['email_verification', 'email_change'],
      new Date(),
    );
    await enqueueMail(executor, addressInUseMail({ to: owner.email, language: owner.language }));
    return;
  }
  await mailVerificationCode(deps, executor, identity, 'email_change', address);
}

export function rejectWeakPassword(field: string, password: string, email: string): void {
  const problem = checkNewPassword(password, email);
  if (problem) throw new ValidationError([{ loc: ['body', field], type: problem }]);
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
  // Who invited whoever typed the profile is theirs, not the owner's (issue 30 §1); the owner's
  // referral code, if one was made, starts afresh.
  referredByPartyId: null,
  referralCode: null,
} as const satisfies repository.IdentityChanges;
