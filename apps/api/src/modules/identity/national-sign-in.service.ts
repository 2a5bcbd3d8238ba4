import {
  NATIONAL_IDENTITY_BY_REGION,
  type NationalIdentityType,
  VERIFICATION_SESSION_TTL_MINUTES,
} from '@nbr/domain/national-identity';
import {
  NATIONAL_SIGN_IN_RETURN_PATH,
  type NationalSignInComplete,
  type NationalSignInCompleteResponse,
  type NationalSignInStart,
  type NationalSignInStartResponse,
  type NationalSignUp,
} from '@nbr/domain/national-sign-in';
import { errors, jwtVerify, SignJWT } from 'jose';
import { randomNonce, randomPKCECodeVerifier, randomState } from 'openid-client';
import type { Executor } from '../../db/client.ts';
import { TOKEN_ALGORITHM } from '../../platform/auth/keys.ts';
import { AppError } from '../../platform/errors.ts';
import type { IdentityProvider, VerifiedPerson } from '../../platform/identity-provider/identity-provider.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { withMinimumDuration } from '../../platform/minimum-duration.ts';
import type { CallContext, SignInDeps } from './identity.deps.ts';
import type { IdentityRow } from './identity.repository.ts';
import * as identities from './identity.repository.ts';
import { mailVerificationCode } from './identity.service.ts';
import { findReferrerByCode } from './referral-codes.service.ts';
import {
  mailSignUpAttemptNotice,
  newAccountLocale,
  recordSignUpConsents,
  SIGN_UP_MIN_MS,
  startSession,
} from './sessions.service.ts';
import * as checks from './verification.repository.ts';

export interface NationalSignInDeps extends SignInDeps {
  identityProvider: IdentityProvider;
}

/*
 * Sign-in with MitID/BankID keeps no row until it succeeds: what the provider's return must match
 * (state, nonce, PKCE verifier) travels in a transaction signed with the session keys, kept by the
 * browser for its tab, and what the provider said about a new person travels in a signed sign-up
 * ticket. Each has a JWT type of its own, so neither is ever taken for an access token or the other.
 */
const TRANSACTION_TYPE = 'nbr-national-sign-in+jwt';
const TICKET_TYPE = 'nbr-national-sign-up+jwt';
const TTL_SECONDS = VERIFICATION_SESSION_TTL_MINUTES * 60;

interface Transaction {
  provider: NationalIdentityType;
  state: string;
  nonce: string;
  codeVerifier: string;
}

const redirectUri = (deps: NationalSignInDeps) => `${deps.publicUrl}${NATIONAL_SIGN_IN_RETURN_PATH}`;

async function seal(
  deps: NationalSignInDeps,
  type: string,
  payload: Record<string, unknown>,
): Promise<string> {
  const keys = deps.auth.keys;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(payload)
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid: keys.kid, typ: type })
    .setIssuedAt(now)
    .setExpirationTime(now + TTL_SECONDS)
    .sign(keys.privateKey);
}

/** Signature, type and expiry; anything wrong means the sign-in cannot go on (identity_verification_failed). */
async function unseal(
  deps: NationalSignInDeps,
  type: string,
  token: string,
): Promise<Record<string, unknown>> {
  try {
    const { payload } = await jwtVerify(token, deps.auth.keys.publicKey, {
      algorithms: [TOKEN_ALGORITHM],
      typ: type,
      requiredClaims: ['exp'],
    });
    return payload;
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError || error instanceof SyntaxError) {
      throw new AppError('identity_verification_failed');
    }
    throw error;
  }
}

const isProvider = (value: unknown): value is NationalIdentityType => value === 'mitid' || value === 'bankid';
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Starts a sign-in: the provider's address (region decides MitID or BankID) and the signed transaction. */
export async function startNationalSignIn(
  deps: NationalSignInDeps,
  input: NationalSignInStart,
  context: Pick<CallContext, 'language'>,
): Promise<NationalSignInStartResponse> {
  const region = input.region ?? (context.language === 'no' ? 'no' : 'dk');
  const provider = input.provider ?? NATIONAL_IDENTITY_BY_REGION[region];
  if (!deps.identityProvider.isAvailable(provider)) throw new AppError('identity_provider_unavailable');
  const transaction: Transaction = {
    provider,
    state: randomState(),
    nonce: randomNonce(),
    codeVerifier: randomPKCECodeVerifier(),
  };
  const url = await deps.identityProvider.beginAuthorization({
    ...transaction,
    redirectUri: redirectUri(deps),
    language: context.language,
  });
  return {
    authorization_url: url.href,
    transaction: await seal(deps, TRANSACTION_TYPE, { ...transaction }),
  };
}

/**
 * Completes a sign-in with the provider's answer. The state must be the transaction's (a code
 * started in another browser is refused); the ID token's nonce is checked by the OIDC client. A
 * national identity that has verified an account signs in to it; one nobody has gets a sign-up
 * ticket. Nothing here reads or changes an account by e-mail address: an account that was never
 * verified with this identity is never signed in to, and never taken over.
 */
export async function completeNationalSignIn(
  deps: NationalSignInDeps,
  input: NationalSignInComplete,
  context: CallContext,
): Promise<NationalSignInCompleteResponse> {
  const sealed = await unseal(deps, TRANSACTION_TYPE, input.transaction);
  const provider = sealed.provider;
  const state = str(sealed.state);
  const nonce = str(sealed.nonce);
  const codeVerifier = str(sealed.codeVerifier);
  if (!isProvider(provider) || !state || !nonce || !codeVerifier)
    throw new AppError('identity_verification_failed');
  if (input.state !== state) throw new AppError('identity_verification_failed');
  if (input.error !== undefined || !input.code) throw new AppError('identity_verification_failed');

  const person = await deps.identityProvider.completeAuthorization({
    provider,
    code: input.code,
    ...(input.iss ? { iss: input.iss } : {}),
    state,
    nonce,
    codeVerifier,
    redirectUri: redirectUri(deps),
  });

  const token = await deps.db.transaction(async (tx) => {
    for (const partyId of await checks.listPartiesCheckedAs(tx, person)) {
      const identity = await identities.findIdentityById(tx, partyId);
      // An account still waiting for its mailed link is opened by that link only: signing in here
      // would tell the person whether the address they gave was free.
      if (identity?.verifiedOn && !identity.awaitingSignUpConfirmation)
        return startSession(deps, tx, identity, context);
    }
    return null;
  });
  if (token) return { result: 'signed_in', authentication_token: token };

  return {
    result: 'sign_up',
    sign_up_ticket: await seal(deps, TICKET_TYPE, {
      provider,
      issuer: person.issuer,
      subject: person.subject,
      name: person.name,
      given_name: person.givenName,
      family_name: person.familyName,
      birth_date: person.birthDate,
    }),
    provider,
    ...namesOf(person),
    birth_date: person.birthDate,
  };
}

/** Profile fields are at most this long (ProfileUpdateSchema). */
const NAME_PART_MAX = 100;

function namesOf(person: Pick<VerifiedPerson, 'name' | 'givenName' | 'familyName'>): {
  first_name: string | null;
  last_name: string | null;
} {
  if (person.givenName || person.familyName) {
    return {
      first_name: person.givenName?.slice(0, NAME_PART_MAX) ?? null,
      last_name: person.familyName?.slice(0, NAME_PART_MAX) ?? null,
    };
  }
  const words = (person.name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { first_name: null, last_name: null };
  return {
    first_name: (words.length > 1 ? words.slice(0, -1).join(' ') : words[0]!).slice(0, NAME_PART_MAX),
    last_name: words.length > 1 ? words.at(-1)!.slice(0, NAME_PART_MAX) : null,
  };
}

/**
 * Opens an account for the person of a sign-up ticket: verified by the national identity (name and
 * birth date from the provider), without a password, awaiting its mailed link like any sign-up, and
 * answered alike whether the address has an account (issue 14: a 409 told who is registered). A
 * taken address is left as it is and its owner is mailed a notice: no account is joined or taken
 * over here; its owner signs in as before and verifies their identity in settings. A person whose
 * account still awaits its link (a mistyped address, a lost mail) may sign up again with their
 * national identity: the unconfirmed account takes the new address and a new link.
 */
export async function signUpWithNationalIdentity(
  deps: NationalSignInDeps,
  input: NationalSignUp,
  context: CallContext,
): Promise<void> {
  const ticket = await unseal(deps, TICKET_TYPE, input.sign_up_ticket);
  const issuer = str(ticket.issuer);
  const subject = str(ticket.subject);
  const birthDate = str(ticket.birth_date);
  if (!isProvider(ticket.provider) || !issuer || !subject || !birthDate) {
    throw new AppError('identity_verification_failed');
  }
  const provider = ticket.provider;
  const person = {
    issuer,
    subject,
    name: str(ticket.name),
    givenName: str(ticket.given_name),
    familyName: str(ticket.family_name),
  };
  await withMinimumDuration(SIGN_UP_MIN_MS, async () => {
    try {
      await deps.db.transaction(async (tx) => {
        const owner = await identities.findIdentityByEmail(tx, input.email);
        const checkedAs = await checks.listPartiesCheckedAs(tx, person);
        if (checkedAs.length > 0) {
          // A confirmed account signs in with this identity instead (a second use of the ticket).
          const unconfirmed = await findUnconfirmedAccount(tx, checkedAs);
          if (!unconfirmed) throw new AppError('identity_verification_failed');
          if (owner && owner.partyId !== unconfirmed.partyId) {
            await mailSignUpAttemptNotice(deps, tx, owner);
            return;
          }
          const updated = owner
            ? unconfirmed
            : await identities.updateIdentity(tx, unconfirmed.partyId, { email: input.email });
          await mailVerificationCode(deps, tx, updated, 'email_verification', updated.email);
          return;
        }
        if (owner) {
          await mailSignUpAttemptNotice(deps, tx, owner);
          return;
        }
        const names = namesOf(person);
        const { language, region } = newAccountLocale(input, context);
        const now = new Date();
        const identity = await identities.insertPerson(tx, {
          email: input.email,
          passwordHash: null,
          awaitingSignUpConfirmation: true,
          firstName: names.first_name,
          lastName: names.last_name,
          birthDate,
          verifiedOn: now,
          language,
          region,
          friendRef: input.friend_ref ?? null,
          // As with a password sign-up: a real referral code records who invited the person.
          referredByPartyId: await findReferrerByCode(tx, input.friend_ref),
        });
        await checks.insertNationalIdentityCheck(tx, {
          id: uuidv7(now.getTime()),
          partyId: identity.partyId,
          provider,
          issuer,
          subject,
          name: person.name ?? ([person.givenName, person.familyName].filter(Boolean).join(' ') || null),
          birthDate,
          checkedAt: now,
        });
        await recordSignUpConsents(tx, identity.partyId);
        await mailVerificationCode(deps, tx, identity, 'email_verification', identity.email);
      });
    } catch (error) {
      // Two sign-ups racing for one address: the unique index decides, and the loser is answered as
      // every sign-up is (the winner's mail reaches the address).
      if (identities.isUniqueViolation(error)) return;
      throw error;
    }
  });
}

async function findUnconfirmedAccount(tx: Executor, partyIds: string[]): Promise<IdentityRow | null> {
  for (const partyId of partyIds) {
    const identity = await identities.findIdentityById(tx, partyId);
    if (identity?.awaitingSignUpConfirmation) return identity;
  }
  return null;
}
