import { and, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bikes } from '../../db/schema/bikes.ts';
import { insurancePolicies, insuredItems } from '../../db/schema/insurance.ts';
import { ownershipVerifications } from '../../db/schema/ownership.ts';
import { supportTickets } from '../../db/schema/support.ts';
import { theftReports } from '../../db/schema/theft.ts';
import { orders } from '../../db/schema/webshop.ts';

/*
 * Counts of what waits in each queue, read-only and one number each. Each condition is the one its
 * queue's own list uses (named beside it), so the dashboard and the queue never disagree.
 */

async function single(rows: Promise<Array<{ value: number }>>): Promise<number> {
  const [row] = await rows;
  return Number(row?.value ?? 0);
}

/** Fulfilled orders whose goods wait to be packed (webshop: shipment `waiting`, canShipmentMove). */
export function countOrdersToPack(executor: Executor): Promise<number> {
  return single(
    executor
      .select({ value: count() })
      .from(orders)
      .where(and(eq(orders.status, 'fulfilled'), eq(orders.shipmentStatus, 'waiting'))),
  );
}

/** Support tickets that wait for staff (the ticket queue's `open`: confirmed, not answered yet). */
export function countOpenTickets(executor: Executor): Promise<number> {
  return single(
    executor
      .select({ value: count() })
      .from(supportTickets)
      .where(and(eq(supportTickets.status, 'open'), isNotNull(supportTickets.confirmedAt))),
  );
}

/** Theft reports submitted and not yet reviewed by staff (the stolen-bike review's `new` queue). */
export function countTheftReportsToReview(executor: Executor): Promise<number> {
  return single(
    executor
      .select({ value: count() })
      .from(theftReports)
      .where(and(eq(theftReports.status, 'submitted'), isNull(theftReports.reviewedAt))),
  );
}

/** Ownership verifications submitted and not yet decided (ownership's staff queue). */
export function countOwnershipVerifications(executor: Executor): Promise<number> {
  return single(
    executor
      .select({ value: count() })
      .from(ownershipVerifications)
      .where(eq(ownershipVerifications.status, 'submitted')),
  );
}

/**
 * Insured bikes waiting for our staff's check (insurance's verification queue: pending, on an open
 * policy, the bike still the holder's).
 */
export function countInsuranceVerifications(executor: Executor): Promise<number> {
  return single(
    executor
      .select({ value: count() })
      .from(insuredItems)
      .innerJoin(insurancePolicies, eq(insurancePolicies.id, insuredItems.policyId))
      .innerJoin(bikes, eq(bikes.id, insuredItems.bikeId))
      .where(
        and(
          eq(insuredItems.verificationStatus, 'pending'),
          inArray(insurancePolicies.status, ['application', 'active']),
          sql`${bikes.ownerPartyId} = ${insurancePolicies.holderPartyId}`,
        ),
      ),
  );
}
