import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bikes } from '../../db/schema/bikes.ts';
import { orders } from '../../db/schema/webshop.ts';

/*
 * What the person's view shows of other contexts, read-only: the bikes they own and their orders,
 * as summaries (no pictures, no payment details). Opening a bike goes through bikes' own route,
 * which audits staff reading it.
 */

export const PERSON_VIEW_LIMIT = 50;

export async function listBikesOfOwner(executor: Executor, partyId: string) {
  return executor
    .select({
      id: bikes.id,
      nickname: bikes.nickname,
      brand: bikes.brand,
      model: bikes.model,
      frameNumber: bikes.frameNumber,
      status: bikes.status,
      createdAt: bikes.createdAt,
    })
    .from(bikes)
    .where(eq(bikes.ownerPartyId, partyId))
    .orderBy(desc(bikes.createdAt))
    .limit(PERSON_VIEW_LIMIT);
}

export async function listOrdersOfParty(executor: Executor, partyId: string) {
  return executor
    .select({
      id: orders.id,
      status: orders.status,
      shipmentStatus: orders.shipmentStatus,
      totalMinor: orders.totalMinor,
      currency: orders.currency,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.partyId, partyId))
    .orderBy(desc(orders.createdAt))
    .limit(PERSON_VIEW_LIMIT);
}
