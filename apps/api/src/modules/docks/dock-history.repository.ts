import { and, desc, eq, gte, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bikeOwnerships } from '../../db/schema/bikes.ts';
import { docks, lockCommands, lockParkings, locks } from '../../db/schema/docks.ts';

/*
 * What the register keeps of where bikes stood (issue 28): a bike's parkings, read for its owner
 * while it is stolen and for the police's bike search; and what goes of a person's use of docks when
 * their account is deleted (their export is personal-data.repository.ts).
 */

export interface ParkingPlaceRow {
  parkingId: string;
  dockId: string;
  dockName: string;
  streetAddress: string;
  town: string;
  lockLabel: string;
  lockedAt: Date;
  unlockedAt: Date | null;
}

/**
 * The bike's most recent parking (open or closed) since its current owner has it, with its dock and
 * lock; null when it has not stood in one since. A parking of an earlier owner is theirs: where they
 * kept the bike is no business of whoever has it now.
 */
export async function findLastParkingOfBike(
  executor: Executor,
  bikeId: string,
): Promise<ParkingPlaceRow | null> {
  const [row] = await executor
    .select({
      parkingId: lockParkings.id,
      dockId: docks.id,
      dockName: docks.name,
      streetAddress: docks.streetAddress,
      town: docks.town,
      lockLabel: locks.label,
      lockedAt: lockParkings.lockedAt,
      unlockedAt: lockParkings.unlockedAt,
    })
    .from(lockParkings)
    .innerJoin(docks, eq(docks.id, lockParkings.dockId))
    .innerJoin(locks, eq(locks.id, lockParkings.lockId))
    .innerJoin(
      bikeOwnerships,
      and(eq(bikeOwnerships.bikeId, lockParkings.bikeId), isNull(bikeOwnerships.endedAt)),
    )
    .where(and(eq(lockParkings.bikeId, bikeId), gte(lockParkings.lockedAt, bikeOwnerships.startedAt)))
    .orderBy(desc(lockParkings.lockedAt), desc(lockParkings.id))
    .limit(1);
  return row ?? null;
}

/**
 * The person's closed parkings go (where their bikes stood); the commands that pointed at them keep
 * no link (FK set null). An open one stays: a bike still stands in that lock.
 */
export async function deleteClosedParkingsOfParty(executor: Executor, partyId: string): Promise<void> {
  await executor
    .delete(lockParkings)
    .where(and(eq(lockParkings.partyId, partyId), isNotNull(lockParkings.unlockedAt)));
}

/** The commands the person sent stay in the lock's history, without who sent them. */
export async function detachCommandsOfParty(executor: Executor, partyId: string): Promise<void> {
  await executor
    .update(lockCommands)
    .set({ requestedByPartyId: null })
    .where(eq(lockCommands.requestedByPartyId, partyId));
}
