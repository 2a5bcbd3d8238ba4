import type { LastDockParking } from '@nbr/domain/docks';
import type { Database, Executor } from '../../db/client.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { ownerOfBike } from '../bikes/bikes.facade.ts';
import { presentLastDockParking } from './dock-history.presenter.ts';
import * as repository from './dock-history.repository.ts';

/*
 * Where a registered bike last stood in a dock (issue 28, "the register"): a bike reported stolen
 * shows "last locked in dock X at time T" to its owner and to the police's bike search, never to
 * the public; and a person's use of docks goes with their account.
 */

export interface DockHistoryDeps {
  db: Database;
}

/**
 * The bike's most recent parking since its current owner has it, as the contract answers it; null
 * when it has not stood in a dock since.
 */
export async function lastDockParkingOfBike(executor: Executor, bikeId: string): Promise<LastDockParking> {
  return presentLastDockParking(await repository.findLastParkingOfBike(executor, bikeId));
}

/**
 * GET /api/bikes/{bike_id}/last-dock-parking: the owner's own bike only (404 for anyone else, as
 * every owner's route of a bike), and only while it is reported stolen: otherwise null, so where a
 * bike stood is not a trail kept on show.
 */
export async function getLastDockParking(
  deps: DockHistoryDeps,
  auth: RequestAuth,
  bikeId: string,
): Promise<LastDockParking> {
  return deps.db.transaction(async (tx) => {
    const bike = await ownerOfBike(tx, bikeId);
    if (bike.ownerPartyId !== auth.partyId) throw new AppError('not_found');
    if (!bike.isStolen) return null;
    return lastDockParkingOfBike(tx, bike.bikeId);
  });
}

/**
 * Deleting an account (use-cases/delete-account.ts): where the person's bikes stood goes — their
 * closed parkings; the party row stays for the kept orders, so the schema's cascade never fires —
 * and the commands they sent stay in the lock's history without who sent them. A parking still open
 * stays, by the erased party's id only (its bike is deleted with the account, so it names no bike):
 * a bike still stands in that lock, and the operator must go on seeing it occupied, list it as left
 * behind and open it. The operator's list of people (dock_access_people) is the operator's own and
 * stays: removing an address would tell the operator it had an account.
 */
export async function forgetDockUseOf(executor: Executor, partyId: string): Promise<void> {
  await repository.deleteClosedParkingsOfParty(executor, partyId);
  await repository.detachCommandsOfParty(executor, partyId);
}
