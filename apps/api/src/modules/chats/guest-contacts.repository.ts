import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chats } from '../../db/schema/chats.ts';
import { parties } from '../../db/schema/identity.ts';
import { guestContactConfirmations, guestContacts } from '../../db/schema/theft.ts';

export type GuestContactRow = typeof guestContacts.$inferSelect;
export type ContactConfirmationRow = typeof guestContactConfirmations.$inferSelect;

const sameAddress = (email: string) => sql`lower(${guestContacts.email}) = lower(${email})`;
/**
 * A guest who proved the address by following the confirmation link. Every guest is created so;
 * the condition keeps any row from before confirmations existed from being mailed or claimed.
 */
const isConfirmed = isNotNull(guestContacts.confirmedAt);

/**
 * The confirmed, unclaimed guest who already wrote about this bike from this address: their next
 * confirmed message goes into the same chat instead of a new guest and a new chat per message.
 */
export async function findConfirmedGuestOfBike(
  executor: Executor,
  email: string,
  bikeId: string,
): Promise<string | null> {
  const [row] = await executor
    .select({ partyId: guestContacts.partyId })
    .from(guestContacts)
    .innerJoin(
      chats,
      and(
        eq(chats.startedByPartyId, guestContacts.partyId),
        eq(chats.subjectKind, 'bike'),
        eq(chats.bikeId, bikeId),
      ),
    )
    .where(and(sameAddress(email), isConfirmed, isNull(guestContacts.claimedByPartyId)))
    .limit(1);
  return row?.partyId ?? null;
}

/** A new guest (their address just confirmed): a party of kind guest with the address their answers are announced to. */
export async function insertGuest(
  executor: Executor,
  values: { partyId: string; email: string; language: string; confirmedAt: Date },
): Promise<void> {
  await executor.insert(parties).values({ id: values.partyId, kind: 'guest' });
  await executor.insert(guestContacts).values(values);
}

/** A confirmed guest not yet claimed by an account (claimed ones are mailed as the account). */
export async function findUnclaimedGuest(
  executor: Executor,
  partyId: string,
): Promise<GuestContactRow | null> {
  const [row] = await executor
    .select()
    .from(guestContacts)
    .where(and(eq(guestContacts.partyId, partyId), isConfirmed, isNull(guestContacts.claimedByPartyId)));
  return row ?? null;
}

/** Whether any confirmed, unclaimed guest wrote from this address (a cheap look before a claiming transaction). */
export async function hasUnclaimedGuests(executor: Executor, email: string): Promise<boolean> {
  const [row] = await executor
    .select({ partyId: guestContacts.partyId })
    .from(guestContacts)
    .where(and(sameAddress(email), isConfirmed, isNull(guestContacts.claimedByPartyId)))
    .limit(1);
  return row !== undefined;
}

/** The confirmed, unclaimed guests of an address, locked for the claiming transaction. */
export async function lockUnclaimedGuests(executor: Executor, email: string): Promise<string[]> {
  const rows = await executor
    .select({ partyId: guestContacts.partyId })
    .from(guestContacts)
    .where(and(sameAddress(email), isConfirmed, isNull(guestContacts.claimedByPartyId)))
    .for('update');
  return rows.map((row) => row.partyId);
}

export async function markClaimed(
  executor: Executor,
  guestPartyIds: readonly string[],
  claimedByPartyId: string,
): Promise<void> {
  if (guestPartyIds.length === 0) return;
  await executor
    .update(guestContacts)
    .set({ claimedByPartyId })
    .where(inArray(guestContacts.partyId, [...guestPartyIds]));
}

/** Forgets the guests an account claimed (their address is the account's): the account is being deleted. */
export async function deleteGuestsClaimedBy(executor: Executor, partyId: string): Promise<void> {
  await executor.delete(guestContacts).where(eq(guestContacts.claimedByPartyId, partyId));
}

// --- messages waiting for the visitor to confirm their address ------------------------------------

/** A visitor's message waiting for its confirmation link to be followed. */
export interface NewContactConfirmation {
  id: string;
  codeHash: string;
  bikeId: string;
  email: string;
  language: string;
  message: string;
  expiresAt: Date;
}

export async function insertConfirmation(executor: Executor, values: NewContactConfirmation): Promise<void> {
  await executor.insert(guestContactConfirmations).values(values);
}

/** The confirmation of a code, locked for delivering its message (two clicks deliver once). */
export async function lockConfirmation(
  executor: Executor,
  codeHash: string,
): Promise<ContactConfirmationRow | null> {
  const [row] = await executor
    .select()
    .from(guestContactConfirmations)
    .where(eq(guestContactConfirmations.codeHash, codeHash))
    .for('update');
  return row ?? null;
}

/** Delivered: the message now lives in the chat, so its copy here goes. */
export async function markConfirmationDelivered(executor: Executor, id: string, at: Date): Promise<void> {
  await executor
    .update(guestContactConfirmations)
    .set({ confirmedAt: at, message: null })
    .where(eq(guestContactConfirmations.id, id));
}

/** Drops confirmations past their expiry: unconfirmed messages never reach anyone. Answers how many. */
export async function deleteExpiredConfirmations(executor: Executor, now: Date): Promise<number> {
  const rows = await executor
    .delete(guestContactConfirmations)
    .where(lt(guestContactConfirmations.expiresAt, now))
    .returning({ id: guestContactConfirmations.id });
  return rows.length;
}
