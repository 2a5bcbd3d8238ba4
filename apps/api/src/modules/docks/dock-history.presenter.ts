import type { LastDockParking } from '@nbr/domain/docks';
import type { ParkingPlaceRow } from './dock-history.repository.ts';

/** Where a bike was last locked, as its owner and the police read it (LastDockParkingSchema). */
export function presentLastDockParking(row: ParkingPlaceRow | null): LastDockParking {
  if (!row) return null;
  return {
    dock_id: row.dockId,
    dock_name: row.dockName,
    street_address: row.streetAddress,
    town: row.town,
    lock_label: row.lockLabel,
    locked_at: row.lockedAt.toISOString(),
    unlocked_at: row.unlockedAt?.toISOString() ?? null,
  };
}
