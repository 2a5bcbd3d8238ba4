import { and, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { dockAccessPeople, docks, lockCommands, lockParkings, locks } from '../../db/schema/docks.ts';

/**
 * Docks' section of the personal data export (use-cases/export-personal-data.ts, issue 28): where
 * the person locked their bikes (dock, lock, bike, locked and unlocked), the lock and unlock
 * commands they sent with each outcome, the operator's remote openings of their parkings with the
 * operator's reason, and the docks whose list of people names one of their addresses. Operator
 * staff are never named: a remote opening says `by: "operator"` and the dock says whose it is.
 */
export async function docksPersonalData(executor: Executor, partyId: string, addresses: readonly string[]) {
  const parkings = await executor
    .select({
      id: lockParkings.id,
      dock_id: docks.id,
      dock_name: docks.name,
      lock_label: locks.label,
      bike_id: lockParkings.bikeId,
      locked_at: lockParkings.lockedAt,
      unlocked_at: lockParkings.unlockedAt,
      unlocked_by: lockParkings.unlockedBy,
      handed_over_at: lockParkings.handedOverAt,
    })
    .from(lockParkings)
    .innerJoin(docks, eq(docks.id, lockParkings.dockId))
    .innerJoin(locks, eq(locks.id, lockParkings.lockId))
    .where(eq(lockParkings.partyId, partyId))
    .orderBy(desc(lockParkings.lockedAt), desc(lockParkings.id));
  const parkingIds = parkings.map((parking) => parking.id);
  // Theirs: what they sent, and what the operator sent to open a lock holding their bike.
  const theirs =
    parkingIds.length > 0
      ? or(
          eq(lockCommands.requestedByPartyId, partyId),
          and(inArray(lockCommands.parkingId, parkingIds), isNotNull(lockCommands.operatorPartyId)),
        )
      : eq(lockCommands.requestedByPartyId, partyId);
  const commands = await executor
    .select({
      id: lockCommands.id,
      dock_name: docks.name,
      lock_label: locks.label,
      action: lockCommands.action,
      requestedByPartyId: lockCommands.requestedByPartyId,
      operatorPartyId: lockCommands.operatorPartyId,
      reason: lockCommands.reason,
      bike_id: lockCommands.bikeId,
      parking_id: lockCommands.parkingId,
      status: lockCommands.status,
      device_answer: lockCommands.deviceAnswer,
      requested_at: lockCommands.createdAt,
      answered_at: lockCommands.answeredAt,
    })
    .from(lockCommands)
    .innerJoin(locks, eq(locks.id, lockCommands.lockId))
    .innerJoin(docks, eq(docks.id, locks.dockId))
    .where(theirs)
    .orderBy(desc(lockCommands.createdAt), desc(lockCommands.id));
  const access =
    addresses.length > 0
      ? await executor
          .select({ dock_id: docks.id, dock_name: docks.name, email: dockAccessPeople.email })
          .from(dockAccessPeople)
          .innerJoin(docks, eq(docks.id, dockAccessPeople.dockId))
          .where(
            inArray(
              dockAccessPeople.email,
              addresses.map((address) => address.toLowerCase()),
            ),
          )
          .orderBy(docks.name)
      : [];
  return {
    docks: {
      parkings,
      commands: commands.map(({ requestedByPartyId, operatorPartyId, ...command }) => ({
        ...command,
        // A remote opening by the operator's staff of the person's parking, or the person's own
        // command (also one they sent as operator staff themselves).
        by: requestedByPartyId === partyId ? 'you' : 'operator',
        as_operator: operatorPartyId !== null,
      })),
      named_in_dock_access: access,
    },
  };
}
