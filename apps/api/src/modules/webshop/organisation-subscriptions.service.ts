import type { Language } from '@nbr/domain/locale';
import type { OrganisationOrderState } from '@nbr/domain/webshop-receipts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import type { IdempotencyClaim } from '../../platform/http/idempotency.ts';
import { isUuid } from '../../platform/ids.ts';
import type { CheckoutDeps, CheckoutStarted } from './checkout.service.ts';
import { formatReceiptNumber } from './orders.presenter.ts';
import * as orders from './orders.repository.ts';
import { startSubscriptionCheckout } from './subscriptions.service.ts';
import { getOverview } from './webshop.service.ts';

/*
 * An organisation's ORGANISATION subscription (issue 15 §6): credits by quantity for its members'
 * bikes, paid with a card stored at the provider. The organisations module decides who may buy
 * (its admins); here the order is the organisation's (its party), the receipt goes to the admin
 * who bought, and the provider sends the browser back to /organisation-payment-complete-redirect.
 * As for a person, only the provider's word pays it.
 */

export const ORGANISATION_RETURN_PATH = '/organisation-payment-complete-redirect';

/** Opens the provider's subscription window for `quantity` credits of the organisation. */
export async function startOrganisationSubscription(
  deps: CheckoutDeps,
  admin: RequestAuth,
  organisationPartyId: string,
  quantity: number,
  language: Language,
  /** The admin's Idempotency-Key: see checkout.service's startReepayCheckout. */
  idempotency: IdempotencyClaim | null,
): Promise<CheckoutStarted> {
  // The admin acts for the organisation: its party buys; the admin's region and address are used.
  const forOrganisation: RequestAuth = { ...admin, partyId: organisationPartyId };
  return startSubscriptionCheckout(
    deps,
    forOrganisation,
    // A business purchase has no consumer right of withdrawal to waive.
    { plan: 'ORGANISATION', quantity, immediate_start_consent: false },
    language,
    idempotency,
    ORGANISATION_RETURN_PATH,
  );
}

/**
 * What the return page polls: the order's state as the provider left it (never the query string),
 * and the organisation's credits. An order of anyone else answers 404.
 */
export async function organisationOrderState(
  deps: CheckoutDeps,
  viewer: RequestAuth,
  organisationPartyId: string,
  orderId: string,
): Promise<OrganisationOrderState> {
  if (!isUuid(orderId)) throw new AppError('not_found');
  const order = await orders.findOrder(deps.db, orderId);
  if (!order || order.partyId !== organisationPartyId) throw new AppError('not_found');
  const overview = await getOverview(deps, { ...viewer, partyId: organisationPartyId });
  return {
    order_id: order.id,
    status: order.status,
    quantity: order.lines.reduce((sum, line) => sum + line.quantity, 0),
    total_minor: order.totalMinor,
    currency: order.currency as 'DKK' | 'NOK',
    receipt_number:
      order.receiptNumber === null ? null : formatReceiptNumber(order.region, order.receiptNumber),
    credits_total: overview.credits_total,
    credits_free: overview.credits_free,
    subscription_active: overview.subscription_active,
  };
}
