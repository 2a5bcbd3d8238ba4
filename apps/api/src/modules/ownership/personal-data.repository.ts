import { desc, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bikeOwnerships } from '../../db/schema/bikes.ts';
import { ownershipRequests, ownershipTransfers, ownershipVerifications } from '../../db/schema/ownership.ts';

/**
 * Ownership's section of the personal data export (use-cases/export-personal-data.ts): offers the
 * person made or received, requests they made or were asked, and the proofs of ownership they gave.
 * The other side is named only by role; the address an offer was sent to is shown to its recipient
 * (it is theirs), not to the sender's export — the sender typed someone else's address.
 */
export async function ownershipPersonalData(executor: Executor, partyId: string) {
  const transfers = await executor
    .select()
    .from(ownershipTransfers)
    .where(
      or(eq(ownershipTransfers.senderPartyId, partyId), eq(ownershipTransfers.recipientPartyId, partyId)),
    )
    .orderBy(desc(ownershipTransfers.createdAt));
  const requests = await executor
    .select()
    .from(ownershipRequests)
    .where(or(eq(ownershipRequests.requesterPartyId, partyId), eq(ownershipRequests.ownerPartyId, partyId)))
    .orderBy(desc(ownershipRequests.createdAt));
  const verifications = await executor
    .select({
      id: ownershipVerifications.id,
      bike_id: ownershipVerifications.bikeId,
      status: ownershipVerifications.status,
      frame_number: ownershipVerifications.frameNumber,
      note: ownershipVerifications.note,
      rejection_reason: ownershipVerifications.rejectionReason,
      submitted_at: ownershipVerifications.submittedAt,
      decided_at: ownershipVerifications.decidedAt,
      created_at: ownershipVerifications.createdAt,
    })
    .from(ownershipVerifications)
    .innerJoin(bikeOwnerships, eq(bikeOwnerships.id, ownershipVerifications.ownershipId))
    .where(eq(bikeOwnerships.ownerPartyId, partyId));
  return {
    transfers: transfers.map((transfer) => {
      const isRecipient = transfer.recipientPartyId === partyId;
      return {
        id: transfer.id,
        bike_id: transfer.bikeId,
        your_role: isRecipient ? 'recipient' : 'sender',
        recipient_email: isRecipient ? transfer.recipientEmail : null,
        status: transfer.status,
        created_at: transfer.createdAt,
        expires_at: transfer.expiresAt,
        decided_at: transfer.decidedAt,
      };
    }),
    requests: requests.map((request) => ({
      id: request.id,
      bike_id: request.bikeId,
      your_role: request.requesterPartyId === partyId ? 'requester' : 'owner',
      status: request.status,
      created_at: request.createdAt,
      decided_at: request.decidedAt,
    })),
    ownership_verifications: verifications,
  };
}

/**
 * Account deletion: offers sent to the person's addresses keep their history (bike, sender, dates)
 * without the address.
 */
export async function forgetAddressInOffers(
  executor: Executor,
  partyId: string,
  addresses: readonly string[],
): Promise<void> {
  if (addresses.length === 0) return;
  await executor
    .update(ownershipTransfers)
    .set({ recipientEmail: `deleted:${partyId}` })
    .where(inArray(ownershipTransfers.recipientEmail, [...addresses]));
}
