import { PASSWORD_RESET_TTL_MINUTES } from '@nbr/domain/identity';
import type { Executor } from '../../db/client.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { revokeSessionsOfParty } from '../../platform/auth/sessions.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { withMinimumDuration } from '../../platform/minimum-duration.ts';
import type { CallContext, IdentityDeps, SignInDeps } from './identity.deps.ts';
import { passwordChangedMail, passwordResetMail } from './identity.mails.ts';
import type { IdentityRow } from './identity.repository.ts';
import * as repository from './identity.repository.ts';
import {
  hashCode,
  newCode,
  rejectWeakPassword,
  requireIdentity,
  UNCLAIMED_PROFILE_RESET,
} from './identity.service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { startSession } from './sessions.service.ts';

/* Passwords: the reset link mailed to the address, setting a new password from it, and changing it. */

/**
 * A reset request takes at least this long, account or not: writing the code and the mail takes
 * measurably longer than finding no account, which would tell which addresses are registered.
 */
export const PASSWORD_RESET_REQUEST_MIN_MS = 250;

/** Mails a reset link when the address has an account; answers the same either way (no enumeration). */
export async function requestPasswordReset(deps: IdentityDeps, email: string): Promise<void> {
  await withMinimumDuration(PASSWORD_RESET_REQUEST_MIN_MS, () => mailPasswordReset(deps, email));
}

async function mailPasswordReset(deps: IdentityDeps, email: string): Promise<void> {
  const identity = await repository.findIdentityByEmail(deps.db, email);
  // A blocked person gets no way back in by mail (docs/product.md: every way in is refused); the
  // asker is answered as for an unknown address, so the answer tells nobody that it is blocked.
  if (!identity || identity.blockedAt) return;
  await deps.db.transaction((tx) => mailPasswordResetTo(deps, tx, identity));
}

/**
 * Mails a new reset link to the person (earlier unused links stop working); in the caller's
 * transaction. Never to a blocked person (403 account_blocked, for staff who ask for it).
 */
export async function mailPasswordResetTo(
  deps: IdentityDeps,
  executor: Executor,
  identity: IdentityRow,
): Promise<void> {
  if (identity.blockedAt) throw new AppError('account_blocked');
  const now = new Date();
  const { code, codeHash } = newCode();
  await repository.expireUnusedCodes(executor, identity.partyId, ['password_reset'], now);
  await repository.insertOneTimeCode(executor, {
    codeHash,
    partyId: identity.partyId,
    purpose: 'password_reset',
    email: identity.email,
    expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60 * 1000),
  });
  const link = `${deps.publicUrl}/reset-password?code=${encodeURIComponent(code)}`;
  await enqueueMail(executor, passwordResetMail({ to: identity.email, language: identity.language, link }));
}

/** Sets a new password from a mailed code and signs the person out everywhere. */
export async function resetPassword(deps: IdentityDeps, code: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    const now = new Date();
    const used = await repository.consumeOneTimeCode(tx, hashCode(code), ['password_reset'], now);
    const identity = used ? await repository.findIdentityById(tx, used.partyId) : null;
    if (!used || !identity || identity.email !== used.email) throw new AppError('password_reset_failed');
    // A link mailed before the block sets no password (the block expires it too): the one who
    // holds it proved the mailbox, so it may hear why, as at sign-in.
    if (identity.blockedAt) throw new AppError('account_blocked');
    rejectWeakPassword('new_password', newPassword, identity.email);
    // Following a link sent to the address proves the person reads it. A pending e-mail change was
    // asked for by whoever held the sessions revoked here (say, someone who signed up with this
    // address first): its link must not move the account to their address afterwards.
    await repository.updateIdentity(tx, identity.partyId, {
      ...(identity.emailVerifiedAt ? {} : UNCLAIMED_PROFILE_RESET),
      passwordHash,
      emailVerifiedAt: identity.emailVerifiedAt ?? now,
      // The reset link proves the mailbox as the sign-up link would: the address's owner may sign in.
      awaitingSignUpConfirmation: false,
      pendingEmail: null,
    });
    await repository.expireUnusedCodes(tx, identity.partyId, ['email_change'], now);
    await revokeSessionsOfParty(tx, identity.partyId, 'password_reset');
    await enqueueMail(tx, passwordChangedMail({ to: identity.email, language: identity.language }));
  });
}

/** Changes the password, ends every session (this one too) and signs in afresh. */
export async function changePassword(
  deps: SignInDeps,
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
