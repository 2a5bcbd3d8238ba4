import type { BikesDeps } from '../modules/bikes/bikes.facade.ts';
import * as bikes from '../modules/bikes/bikes.facade.ts';
import * as certificates from '../modules/certificates/certificates.facade.ts';
import * as ownership from '../modules/ownership/ownership.facade.ts';
import * as theft from '../modules/theft/theft.facade.ts';
import type { RequestAuth } from '../platform/auth/authenticate.ts';

/**
 * DELETE /api/bikes/{bike_id}/: the owner deletes a bike for good. In one transaction, in the lock
 * order of every use case (bike → transfer → requests):
 * 1. the bike, locked; a bike with a frame number or a plate uses up a national identity approval
 *    for exactly this bike (403 approval_required until then; SPEC §4);
 * 2. its pending offer cancelled and its open requests closed, each with a word in its chat;
 * 3. its resale certificates revoked (they stay, so a scanned one says the bike left the register);
 * 4. its rows gone (plates freed, documents, pictures, batteries and accessories) and audited.
 * Once committed, the stored bytes of its files are removed (best effort, logged on failure).
 */
export async function deleteBike(
  deps: BikesDeps,
  auth: RequestAuth,
  bikeId: string,
  log?: { error(details: object, message: string): void },
): Promise<void> {
  const storageKeys = await deps.db.transaction(async (tx) => {
    const bike = await bikes.lockBikeForDeletion(tx, auth, bikeId);
    await ownership.closeOwnershipMattersOfBike(tx, bike.bikeId);
    // Its resale certificates are revoked; their pages say the bike left the register (issue 32 §4).
    await certificates.revokeCertificatesOfBike(tx, bike.bikeId);
    // Its pickups go with it (cascade), and the photos of them with its files (issue 17 §3).
    const photoKeys = await theft.pickupPhotoKeysOfBikes(tx, [bike.bikeId]);
    return [...(await bikes.deleteLockedBike(tx, auth, bike)), ...photoKeys];
  });
  await bikes.removeStoredFiles(deps, storageKeys, log);
}
