import type { BikeStatus, BikeVisibility } from '@nbr/domain/bikes';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { type BikeActor, type BikeFacts, canManage } from './bikes.policy.ts';
import * as repository from './bikes.repository.ts';

/**
 * The one gate of every change to a bike's files and equipment: the facts of the bike when the
 * caller may manage it (its owner; staff switched into the owner's account act as the owner).
 * Anyone else, a malformed and an unknown id all get the same 404, so ids reveal nothing.
 */
export async function requireManageableBike(
  executor: Executor,
  actor: BikeActor,
  bikeId: string,
  lock: 'share' | 'update' | null = null,
): Promise<BikeFacts> {
  const row = isUuid(bikeId) ? await repository.findBikeFacts(executor, bikeId, lock) : null;
  const facts = row
    ? {
        ownerPartyId: row.ownerPartyId,
        visibility: row.visibility as BikeVisibility,
        status: row.status as BikeStatus,
      }
    : null;
  if (!facts || !canManage(actor, facts)) throw new AppError('not_found');
  return facts;
}
