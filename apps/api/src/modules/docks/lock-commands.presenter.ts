import type { LockCommandResult, LockState, LockView } from '@nbr/domain/docks';
import type { LockCommandRow, LockParkingRow } from './lock-commands.repository.ts';

/*
 * A lock and a command's outcome as the caller sees them (issue 28): never who parked in a lock,
 * only whether the parking is the caller's own.
 */

export function presentLockView(
  lock: { id: string; label: string },
  state: LockState,
  viewerPartyId: string,
  parking: (Pick<LockParkingRow, 'partyId' | 'bikeId' | 'lockedAt'> & { bikeName: string | null }) | null,
): LockView {
  const isMine = parking !== null && parking.partyId === viewerPartyId;
  return {
    id: lock.id,
    label: lock.label,
    state,
    is_mine: isMine,
    my_parking:
      isMine && parking
        ? {
            bike_id: parking.bikeId,
            bike_name: parking.bikeName,
            locked_at: parking.lockedAt.toISOString(),
          }
        : null,
  };
}

/** The outcome as the protocol left it: accepted, rejected with the device's answer, or timed out. */
export function presentCommandResult(
  command: Pick<LockCommandRow, 'id' | 'status' | 'deviceAnswer'>,
  lock: LockView,
): LockCommandResult {
  const outcome =
    command.status === 'accepted' ? 'accepted' : command.status === 'rejected' ? 'rejected' : 'timed_out';
  return {
    command_id: command.id,
    outcome,
    reason: outcome === 'rejected' ? command.deviceAnswer : null,
    lock,
  };
}
