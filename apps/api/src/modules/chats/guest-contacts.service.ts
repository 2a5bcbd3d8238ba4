import type { Database, Executor } from '../../db/client.ts';
import type { Person } from '../identity/identity.facade.ts';
import { findPersonById } from '../identity/identity.facade.ts';
import * as chatsRepository from './chats.repository.ts';
import * as repository from './guest-contacts.repository.ts';

/*
 * Guests: someone who wrote to a bike's owner without an account (theft's contact-owner form) is a
 * party of kind `guest` in a chat, with the address the owner's answers are announced to. A guest's
 * message first waits for the visitor to follow a link mailed to that address (a confirmation); only
 * then do the guest and the message exist. Proving the address with an account later moves the
 * guest's chats there (`claimGuestContacts`). The contact form's flow lives in theft; the guests and
 * their confirmations are chats' rows, reached only through these functions.
 */

export type { ContactConfirmationRow } from './guest-contacts.repository.ts';

/** A visitor's message waiting for its confirmation link to be followed. In the caller's transaction. */
export async function storeContactConfirmation(
  executor: Executor,
  values: repository.NewContactConfirmation,
  now: Date,
): Promise<void> {
  await repository.deleteExpiredConfirmations(executor, now);
  await repository.insertConfirmation(executor, values);
}

/** The confirmation of a code, locked for delivering its message (two clicks deliver once). */
export async function lockContactConfirmation(
  executor: Executor,
  codeHash: string,
): Promise<repository.ContactConfirmationRow | null> {
  return repository.lockConfirmation(executor, codeHash);
}

/** Delivered: the message now lives in the chat, so its copy in the confirmation goes. */
export async function markContactConfirmationDelivered(
  executor: Executor,
  confirmationId: string,
  at: Date,
): Promise<void> {
  await repository.markConfirmationDelivered(executor, confirmationId, at);
}

/**
 * The confirmed guest of this address and bike: the one who wrote before (their next message goes
 * into the same chat), or a new one. The caller holds the bike's row lock, so two confirmations for
 * one bike and address meet the same guest.
 */
export async function confirmedGuestOfBike(
  executor: Executor,
  input: { email: string; bikeId: string; language: string; newPartyId: () => string },
  now: Date,
): Promise<string> {
  const existing = await repository.findConfirmedGuestOfBike(executor, input.email, input.bikeId);
  if (existing) return existing;
  const partyId = input.newPartyId();
  await repository.insertGuest(executor, {
    partyId,
    email: input.email,
    language: input.language,
    confirmedAt: now,
  });
  return partyId;
}

/**
 * Drops the messages no one confirmed in time (and the spent confirmations): called by the chats
 * notifier's pass, and by every visitor message, so nothing waits for a job of its own.
 */
export async function dropExpiredConfirmations(executor: Executor, now = new Date()): Promise<number> {
  return repository.deleteExpiredConfirmations(executor, now);
}

/** Where the chats notifier announces an owner's answer to a guest; null for a claimed guest or no guest. */
export async function findGuestMailbox(
  executor: Executor,
  partyId: string,
): Promise<{ email: string; language: string } | null> {
  const guest = await repository.findUnclaimedGuest(executor, partyId);
  return guest ? { email: guest.email, language: guest.language } : null;
}

/**
 * Someone who wrote as a guest has proven the address with an account: the guest's chats become the
 * account's (messages, read positions and all), so the conversation goes on in their inbox. A chat the
 * account already takes part in (they wrote to their own bike) keeps the guest as it was.
 */
async function moveChatsOfGuest(
  executor: Executor,
  guestPartyId: string,
  toPartyId: string,
): Promise<number> {
  const guestChats = await chatsRepository.findChatIdsOfParty(executor, guestPartyId);
  const mine = new Set(await chatsRepository.findChatIdsOfParty(executor, toPartyId));
  let moved = 0;
  for (const chatId of guestChats) {
    if (mine.has(chatId)) continue;
    await chatsRepository.repointParticipant(executor, chatId, guestPartyId, toPartyId);
    moved += 1;
  }
  return moved;
}

/**
 * A person has proven their address (confirmed it, or signs in with a confirmed one): the chats of
 * guests who wrote from it become theirs. Runs in the caller's transaction; a person whose address
 * is not confirmed claims nothing (anyone can type any address into the contact form).
 */
export async function claimGuestContacts(
  executor: Executor,
  person: Pick<Person, 'partyId' | 'email' | 'emailVerifiedAt'>,
): Promise<void> {
  if (!person.emailVerifiedAt) return;
  const guests = await repository.lockUnclaimedGuests(executor, person.email);
  for (const guestPartyId of guests) await moveChatsOfGuest(executor, guestPartyId, person.partyId);
  await repository.markClaimed(executor, guests, person.partyId);
}

/** The same for a signed-in person opening their chats: a cheap look first, a transaction only when needed. */
export async function claimGuestContactsOf(db: Database, identityPartyId: string): Promise<void> {
  const person = await findPersonById(db, identityPartyId);
  if (!person?.emailVerifiedAt || !(await repository.hasUnclaimedGuests(db, person.email))) return;
  await db.transaction(async (tx) => {
    await claimGuestContacts(tx, person);
  });
}

/**
 * The account is being deleted (in its transaction): the guests it claimed keep the account's
 * address, which must not outlive it. Their chats moved to the account already; a chat left with
 * the guest (see moveChatsOfGuest) is no longer announced to anyone.
 */
export async function forgetGuestContactsOf(executor: Executor, partyId: string): Promise<void> {
  await repository.deleteGuestsClaimedBy(executor, partyId);
}
