import { randomBytes } from 'node:crypto';
import {
  APPROVAL_TTL_MINUTES,
  type ApprovalAction,
  NATIONAL_IDENTITY_BY_REGION,
  type NationalIdentityType,
  type SessionTaskResult,
  VERIFICATION_SESSION_TTL_MINUTES,
  type VerificationComplete,
  type VerificationCompleteResponse,
  type VerificationStart,
  type VerificationStartResponse,
} from '@nbr/domain/national-identity';
import { randomNonce, randomPKCECodeVerifier } from 'openid-client';
import type { Executor } from '../../db/client.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import {
  type IdentityProvider,
  VERIFICATION_REDIRECT_PATH,
  type VerifiedPerson,
} from '../../platform/identity-provider/identity-provider.ts';
import { uuidv7 } from '../../platform/ids.ts';
import type { IdentityDeps } from './identity.deps.ts';
import * as identities from './identity.repository.ts';
import { issueTokenForSession } from './sessions.service.ts';
import { canCompleteVerification, canSkipIdentityCheck, hasConfirmedEmail } from './verification.policy.ts';
import type { VerificationSessionRow } from './verification.repository.ts';
import * as repository from './verification.repository.ts';

export interface VerificationDeps extends IdentityDeps {
  identityProvider: IdentityProvider;
  /** ALLOW_AUTOTEST_IDENTITY_SKIP */
  allowAutotestSkip: boolean;
  /** Verification sessions one person may start per hour. */
  maxSessionsPerHour?: number;
}

const MINUTE_MS = 60 * 1000;
/** Enough for a few cancelled attempts; more in an hour is a script, not a person. */
export const DEFAULT_MAX_SESSIONS_PER_HOUR = 10;
/** The issuer recorded for a skipped check, so it is never mistaken for a real one. */
export const AUTOTEST_ISSUER = 'urn:nbr:autotest';
/** The birth date a skipped check records when the account has none. */
const AUTOTEST_BIRTH_DATE = '1990-01-01';

/**
 * Starts a national identity check: a pending session whose id is the OIDC state, and the
 * provider's authorization URL (PKCE and nonce stay on the server).
 */
export async function startVerification(
  deps: VerificationDeps,
  auth: RequestAuth,
  input: VerificationStart,
  context: { language: string },
): Promise<VerificationStartResponse> {
  const identity = await identities.findIdentityById(deps.db, auth.identityPartyId);
  if (!identity) throw new AppError('invalid_token');
  if (!hasConfirmedEmail(identity)) throw new AppError('email_verification_required');
  const provider: NationalIdentityType =
    input.provider ??
    NATIONAL_IDENTITY_BY_REGION[identity.region as keyof typeof NATIONAL_IDENTITY_BY_REGION] ??
    'mitid';
  if (!deps.identityProvider.isAvailable(provider)) throw new AppError('identity_provider_unavailable');

  const now = new Date();
  const started = await repository.countSessionsStartedSince(
    deps.db,
    identity.partyId,
    new Date(now.getTime() - 60 * MINUTE_MS),
  );
  if (started >= (deps.maxSessionsPerHour ?? DEFAULT_MAX_SESSIONS_PER_HOUR))
    throw new AppError('rate_limited');

  const id = uuidv7(now.getTime());
  const nonce = randomNonce();
  const codeVerifier = randomPKCECodeVerifier();
  const url = await deps.identityProvider.beginAuthorization({
    provider,
    state: id,
    nonce,
    codeVerifier,
    redirectUri: `${deps.publicUrl}${VERIFICATION_REDIRECT_PATH}`,
    language: context.language,
  });
  await repository.insertVerificationSession(deps.db, {
    id,
    partyId: identity.partyId,
    sessionType: input.verification_session_type,
    approvalAction: input.approval_action ?? null,
    approvalObjectId: input.approval_object_id ?? null,
    provider,
    nonce,
    codeVerifier,
    successUrl: input.success_url,
    failureUrl: input.failure_url,
    createdAt: now,
    expiresAt: new Date(now.getTime() + VERIFICATION_SESSION_TTL_MINUTES * MINUTE_MS),
  });
  return { verification_url: url.href, session_id: id };
}

/**
 * Completes a check: with the provider's code, with the provider's error (the person cancelled), or
 * skipped for an autotest+ account. Answers a fresh token of the caller's session carrying
 * verified_on and birth_date.
 */
export async function completeVerification(
  deps: VerificationDeps,
  auth: RequestAuth,
  input: VerificationComplete,
): Promise<VerificationCompleteResponse> {
  if (input.verification_type && input.verification_session_type) {
    return skipVerification(deps, auth, {
      sessionType: input.verification_session_type,
      provider: input.verification_type,
      approvalAction: input.approval_action ?? null,
      approvalObjectId: input.approval_object_id ?? null,
    });
  }
  const session = input.session_id
    ? await repository.findVerificationSession(deps.db, input.session_id)
    : null;
  // Someone else's session is answered as missing: its existence is nobody else's business.
  if (!session || !canCompleteVerification(auth, session)) throw new AppError('not_found');
  if (session.status !== 'pending') throw new AppError('identity_verification_failed');
  if (input.error !== undefined || !input.code) {
    await repository.markSessionFailed(
      deps.db,
      session.id,
      `provider:${(input.error ?? 'error').slice(0, 60)}`,
    );
    throw new AppError('identity_verification_failed');
  }
  if (session.expiresAt.getTime() <= Date.now()) {
    await repository.markSessionFailed(deps.db, session.id, 'expired');
    throw new AppError('identity_verification_failed');
  }

  let person: VerifiedPerson;
  try {
    person = await deps.identityProvider.completeAuthorization({
      provider: session.provider as NationalIdentityType,
      code: input.code,
      ...(input.iss ? { iss: input.iss } : {}),
      state: session.id,
      nonce: session.nonce,
      codeVerifier: session.codeVerifier,
      redirectUri: `${deps.publicUrl}${VERIFICATION_REDIRECT_PATH}`,
    });
  } catch (error) {
    // An outage leaves the session pending; a refused code or token ends it.
    if (error instanceof AppError && error.code === 'identity_verification_failed') {
      await repository.markSessionFailed(deps.db, session.id, 'token_exchange_failed');
    }
    throw error;
  }
  return recordCheck(deps, auth, session, person);
}

async function skipVerification(
  deps: VerificationDeps,
  auth: RequestAuth,
  input: {
    sessionType: VerificationSessionRow['sessionType'];
    provider: NationalIdentityType;
    approvalAction: string | null;
    approvalObjectId: string | null;
  },
): Promise<VerificationCompleteResponse> {
  const identity = await identities.findIdentityById(deps.db, auth.identityPartyId);
  if (!identity) throw new AppError('invalid_token');
  if (!canSkipIdentityCheck(identity.email, deps.allowAutotestSkip)) {
    throw new AppError('identity_check_skip_not_allowed');
  }
  if (!hasConfirmedEmail(identity)) throw new AppError('email_verification_required');
  const now = new Date();
  const session = await repository.insertVerificationSession(deps.db, {
    id: uuidv7(now.getTime()),
    partyId: identity.partyId,
    sessionType: input.sessionType,
    approvalAction: input.approvalAction,
    approvalObjectId: input.approvalObjectId,
    provider: input.provider,
    // Never sent anywhere: there is no provider round trip to protect.
    nonce: randomBytes(16).toString('base64url'),
    codeVerifier: randomBytes(32).toString('base64url'),
    successUrl: '/',
    failureUrl: '/',
    createdAt: now,
    expiresAt: new Date(now.getTime() + VERIFICATION_SESSION_TTL_MINUTES * MINUTE_MS),
  });
  return recordCheck(deps, auth, session, {
    issuer: AUTOTEST_ISSUER,
    subject: `autotest:${identity.partyId}`,
    name: null,
    givenName: null,
    familyName: null,
    birthDate: identity.birthDate ?? AUTOTEST_BIRTH_DATE,
  });
}

/**
 * Records a successful check in one transaction: the session completed, the evidence kept, the
 * account verified (an approval verifies an unverified account too), and a fresh token.
 * An account verified before by another person is refused (identity_mismatch) and nothing changes.
 */
async function recordCheck(
  deps: VerificationDeps,
  auth: RequestAuth,
  session: VerificationSessionRow,
  person: VerifiedPerson,
): Promise<VerificationCompleteResponse> {
  const now = new Date();
  const outcome = await deps.db.transaction(async (tx) => {
    const identity = await identities.lockIdentityById(tx, session.partyId);
    if (!identity) throw new AppError('invalid_token');
    // Also checked when starting; here it holds for every way a check gets recorded.
    if (!hasConfirmedEmail(identity)) throw new AppError('email_verification_required');
    const first = await repository.findFirstCheck(tx, identity.partyId);
    if (first && (first.issuer !== person.issuer || first.subject !== person.subject)) {
      await repository.markSessionFailed(tx, session.id, 'identity_mismatch');
      return { mismatch: true as const };
    }
    const completed = await repository.markSessionCompleted(tx, session.id, now);
    if (!completed) return { mismatch: false as const, token: null };
    await repository.insertNationalIdentityCheck(tx, {
      id: uuidv7(now.getTime()),
      partyId: identity.partyId,
      verificationSessionId: session.id,
      provider: session.provider,
      issuer: person.issuer,
      subject: person.subject,
      name: person.name ?? ([person.givenName, person.familyName].filter(Boolean).join(' ') || null),
      birthDate: person.birthDate,
      checkedAt: now,
    });
    const verifies = session.sessionType === 'identity_verification' || !identity.verifiedOn;
    await identities.updateIdentity(tx, identity.partyId, {
      ...(verifies ? { verifiedOn: now } : {}),
      birthDate: person.birthDate,
      // The account's name stays the one the person chose (or none): the legal name the provider
      // gave is kept with the check and shown beside it as "verified as …" (issue 14.g).
    });
    return { mismatch: false as const, token: await issueTokenForSession(deps, tx, auth.sessionId, now) };
  });
  if (outcome.mismatch) throw new AppError('identity_mismatch');
  if (!outcome.token) throw new AppError('identity_verification_failed');
  const result: SessionTaskResult = session.sessionType === 'approval' ? 'approved' : 'verified';
  return { authentication_token: outcome.token, session_id: session.id, session_task_result: result };
}

/**
 * For use cases that need the person's fresh approval (report found, delete a bike with
 * identifiers): uses up one completed approval of exactly this action on this object, given within
 * APPROVAL_TTL_MINUTES, or throws approval_required. Call it inside the use case's transaction so
 * the approval is only spent when the action happens.
 */
export async function consumeApproval(
  executor: Executor,
  input: { identityPartyId: string; action: ApprovalAction; objectId: string },
): Promise<void> {
  const now = new Date();
  const consumed = await repository.consumeApproval(executor, {
    partyId: input.identityPartyId,
    action: input.action,
    objectId: input.objectId,
    completedSince: new Date(now.getTime() - APPROVAL_TTL_MINUTES * MINUTE_MS),
    at: now,
  });
  if (!consumed) throw new AppError('approval_required');
}
