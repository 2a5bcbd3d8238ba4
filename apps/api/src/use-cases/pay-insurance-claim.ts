import type { Payout, PayoutInput } from '@nbr/domain/insurance-admin';
import type { Database } from '../db/client.ts';
import * as bikes from '../modules/bikes/bikes.facade.ts';
import * as chats from '../modules/chats/chats.facade.ts';
import * as insurance from '../modules/insurance/insurance.facade.ts';
import * as ownership from '../modules/ownership/ownership.facade.ts';
import type { RequestAuth } from '../platform/auth/authenticate.ts';
import { AppError } from '../platform/errors.ts';
import { type IdempotencyClaim, keepAnswer } from '../platform/http/idempotency.ts';
import type { FileStorage } from '../platform/storage/file-storage.ts';

/**
 * POST /api/insurance/{insurer}/admin/policies/{policyId}/bikes/{bikeId}/payout: the insurer marks
 * the claim on a stolen insured bike paid (issue 16 §4). In one transaction, in the lock order of
 * every use case (bike → transfer → requests → the rows of the modules after them):
 * 1. the bike, locked (404 when there is none);
 * 2. the claim (insurance): the caller acts for the insurer, the bike is on its policy, the holder's
 *    theft report is shared with the insurer and the bike still stolen; 409 claim_already_paid or
 *    claim_not_payable otherwise;
 * 3. when the owner acknowledged that the registration moves to the insurer on compensation
 *    (acknowledgement_ownership_transfer, SPEC §3): their open ownership matters close (ownership),
 *    the bike moves to the insurer organisation (bikes; it stays stolen in the register) and the
 *    chats about it stay the former owner's (chats);
 * 4. the payout recorded and audited with before/after (insurance).
 * Once committed, the former owner's private pictures of the bike are removed from storage.
 */
export async function payInsuranceClaim(
  deps: { db: Database; storage: FileStorage },
  auth: RequestAuth,
  target: { insurerPartyId: string; policyId: string; bikeId: string },
  input: PayoutInput,
  /** The request's Idempotency-Key: the answer commits with the payout. */
  idempotency: IdempotencyClaim | null,
  log?: { error(details: object, message: string): void },
): Promise<Payout> {
  const now = new Date();
  const { payout, storageKeys } = await deps.db.transaction(async (tx) => {
    const bike = await bikes.findBikeForOwnership(tx, target.bikeId, true);
    if (!bike) throw new AppError('not_found');
    const claim = await insurance.findPayableClaim(
      tx,
      auth,
      target.insurerPartyId,
      target.policyId,
      bike.bikeId,
      bike.status,
    );
    let storageKeys: string[] = [];
    const transfer =
      claim.report.acknowledgementOwnershipTransfer &&
      bike.ownerPartyId === claim.holderPartyId &&
      bike.ownershipId !== null;
    if (transfer && bike.ownershipId) {
      await ownership.closeOwnershipMattersOfBike(tx, bike.bikeId);
      const moved = await bikes.moveBikeToNewOwner(tx, {
        bikeId: bike.bikeId,
        fromOwnershipId: bike.ownershipId,
        toPartyId: claim.insurer.partyId,
        createdByPartyId: auth.identityPartyId,
        now,
      });
      await chats.detachBikeChats(tx, bike.bikeId);
      storageKeys = moved.storageKeys;
    }
    const payout = await insurance.recordPayout(tx, auth, claim, {
      amountMinor: input.amount_minor,
      registrationTransferred: transfer,
      now,
    });
    return { payout: await keepAnswer(tx, idempotency, payout), storageKeys };
  });
  await bikes.removeStoredFiles(deps, storageKeys, log);
  return payout;
}
