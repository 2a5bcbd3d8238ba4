import type { Language } from '@nbr/domain/locale';
import type { ShippingAddress } from '@nbr/domain/webshop';
import type { Executor } from '../../db/client.ts';
import * as catalogue from './catalogue.repository.ts';
import { settleOrder } from './order-fulfilment.service.ts';
import { placeOrder } from './orders.service.ts';

/*
 * Plates for insured bikes (issue 16 §2): when a holder completes the insurance checkout, the plates
 * for the bikes on the policy ship to their address. It is an ordinary order of the region's plate
 * pack — one per bike — so the backoffice packs and ships it like any other (shipment waiting) and
 * the person sees it with their orders; it is included with the insurance, so it costs nothing and
 * is settled at once.
 */

export interface InsurancePlateOrder {
  region: 'dk' | 'no';
  /** One plate pack per bike on the policy. */
  bikes: number;
  shippingAddress: ShippingAddress;
  language: Language;
  buyerEmail: string | null;
  now: Date;
}

/** Places and settles the plate order in the caller's transaction; its id, or null when the region sells no plates. */
export async function placeInsurancePlateOrder(
  executor: Executor,
  partyId: string,
  input: InsurancePlateOrder,
): Promise<string | null> {
  const product = await catalogue.findProductByHandle(executor, `${input.region}-plates`);
  if (!product?.active) return null;
  const order = await placeOrder(executor, partyId, {
    items: [{ product_id: product.id, quantity: input.bikes }],
    shippingAddress: input.shippingAddress,
    immediateStartConsent: false,
    paymentMethod: 'insurance',
    discountPercent: 100,
    language: input.language,
    buyerEmail: input.buyerEmail,
    now: input.now,
  });
  await settleOrder(executor, order.id, input.now);
  return order.id;
}
