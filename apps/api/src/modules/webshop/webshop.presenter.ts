import type { Credit, CreditOverview } from '@nbr/domain/credits';
import type { CreditWithBike } from './webshop.repository.ts';
import type { CreditStanding } from './webshop.service.ts';

/** One credit as GET /api/webshop/bike-activations lists it (SPEC §3 Credit). */
export function presentCredit(row: CreditWithBike): Credit {
  return {
    id: row.id,
    bike_ownership_id: row.bikeOwnershipId,
    party_id: row.partyId,
    created_on: row.createdOn.toISOString(),
    modified_on: row.modifiedOn.toISOString(),
    subscription_id: row.externalSubscriptionId,
    bike_id: row.bikeOwnershipId ? row.bikeId : null,
    bike_nickname: row.bikeOwnershipId ? row.bikeNickname : null,
  };
}

export function presentOverview(standing: CreditStanding, waitingPlateId: string | null): CreditOverview {
  return {
    subscription_active: standing.active,
    current_period_end: standing.effectivePeriodEnd?.toISOString() ?? null,
    vip: standing.vip,
    legacy: standing.legacy,
    plan: standing.plan,
    credits_total: standing.total,
    credits_free: standing.free,
    credits_used: standing.total - standing.free,
    can_add_bike: standing.active && standing.usableFree > 0,
    waiting_plate_id: waitingPlateId,
  };
}
