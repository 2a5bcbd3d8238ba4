import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bikeOwnershipCredits, subscriptions } from '../../db/schema/bikes.ts';
import { voucherRedemptions } from '../../db/schema/webshop.ts';
import { presentOrder } from './orders.presenter.ts';
import { listOrdersOfParty } from './orders.repository.ts';
import { receiptUrlOf } from './receipts.service.ts';
import { referralsPersonalData } from './referrals.service.ts';

/** Webshop's section of the personal data export (use-cases/export-personal-data.ts). */
export async function webshopPersonalData(executor: Executor, partyId: string) {
  return {
    subscriptions: await executor
      .select({
        id: subscriptions.id,
        plan: subscriptions.plan,
        current_period_end: subscriptions.currentPeriodEnd,
        external_id: subscriptions.externalId,
        source: subscriptions.source,
        created_at: subscriptions.createdAt,
      })
      .from(subscriptions)
      .where(eq(subscriptions.partyId, partyId))
      .orderBy(desc(subscriptions.createdAt)),
    credits: await executor
      .select({
        id: bikeOwnershipCredits.id,
        subscription_id: bikeOwnershipCredits.subscriptionId,
        bike_ownership_id: bikeOwnershipCredits.bikeOwnershipId,
        created_at: bikeOwnershipCredits.createdOn,
        modified_at: bikeOwnershipCredits.modifiedOn,
      })
      .from(bikeOwnershipCredits)
      .where(eq(bikeOwnershipCredits.partyId, partyId))
      .orderBy(desc(bikeOwnershipCredits.createdOn)),
    orders: (await listOrdersOfParty(executor, partyId)).map((order) => ({
      ...presentOrder(order),
      buyer_email: order.buyerEmail,
      immediate_start_consent_at: order.immediateStartConsentAt?.toISOString() ?? null,
      paid_with_card: order.paidWithCard,
      receipt_url: receiptUrlOf(order),
    })),
    voucher_redemptions: await executor
      .select({ order_id: voucherRedemptions.orderId, redeemed_at: voucherRedemptions.redeemedAt })
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.partyId, partyId))
      .orderBy(desc(voucherRedemptions.redeemedAt)),
    referrals: await referralsPersonalData(executor, partyId),
  };
}
