import type { PlanKind } from '@nbr/domain/credits';
import type { Language } from '@nbr/domain/locale';
import {
  currencyOfRegion,
  mayBuyProduct,
  priceOrder,
  proratedCreditPrice,
  type SubscriptionSessionCreate,
} from '@nbr/domain/webshop';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { type IdempotencyClaim, keepAnswer, recordProgress } from '../../platform/http/idempotency.ts';
import { uuidv7 } from '../../platform/ids.ts';
import type { ReepaySubscription } from '../../platform/payments/reepay/reepay-client.ts';
import * as plates from '../plates/plates.facade.ts';
import { localised, presentProduct } from './catalogue.presenter.ts';
import * as catalogue from './catalogue.repository.ts';
import { CARD_WINDOW_TTL, PROVIDER_LOCALE, regionOfPerson } from './catalogue.service.ts';
import {
  type CheckoutDeps,
  type CheckoutStarted,
  openChargeSession,
  orderToResume,
  recordPaymentSession,
  syncReepaySubscription,
} from './checkout.service.ts';
import * as orders from './orders.repository.ts';
import { buyerEmailOf, placeOrder } from './orders.service.ts';
import * as credits from './webshop.repository.ts';
import { getOverview } from './webshop.service.ts';

/*
 * Subscriptions at the card provider (issue 15 §3). A plan is a subscription product of the
 * person's region; its plan at Reepay has the product's handle and is created there on first use
 * with the catalogue's price. The subscription's handle at Reepay is our order's id, so its first
 * invoice pays that order (checkout.service applyReepayInvoice) and later invoices and events move
 * the period (syncReepaySubscription). Cancelling is as easy as signing up (payments.md §4.4):
 * one call, the subscription running to the end of the period that was paid for.
 */

/**
 * POST /api/webshop/subscriptions/sessions: an order for the plan and a subscription session at
 * the provider (the person enters the card there; the return page is
 * /purchase-subscription-redirect). Credits and the paid period come with the provider's word.
 */
export async function startSubscriptionCheckout(
  deps: CheckoutDeps,
  auth: RequestAuth,
  input: SubscriptionSessionCreate,
  language: Language,
  /** The request's Idempotency-Key: see checkout.service's startReepayCheckout. */
  idempotency: IdempotencyClaim | null,
  /** Where the provider sends the browser back (an organisation's purchase has its own page). */
  returnPath = '/purchase-subscription-redirect',
): Promise<CheckoutStarted> {
  const region = await regionOfPerson(deps.db, auth);
  const product = (await catalogue.listActiveProducts(deps.db, region)).find(
    (candidate) => candidate.kind === 'subscription' && candidate.plan === input.plan,
  );
  if (!product?.periodMonths) throw new AppError('product_unavailable');
  const quantity = input.plan === 'ORGANISATION' ? input.quantity : 1;
  const waitingPlateCode = input.already_activated_plate_id
    ? await checkWaitingPlate(deps, input.already_activated_plate_id)
    : undefined;
  // The provider's window names the plan: one plan per product and language, so a Danish buyer's
  // card window says the Danish name, not an English one (issue 27).
  const planHandle = `${product.handle}-${language}`;
  const planAtProvider = await deps.reepay.client.getPlan(planHandle);
  if (!planAtProvider) {
    await deps.reepay.client.createPlan({
      handle: planHandle,
      name: localised(product.names, language),
      amount: product.priceMinor,
      currency: product.currency as 'DKK' | 'NOK',
      vat: product.vatRatePercent / 100,
      intervalMonths: product.periodMonths,
    });
  }
  const now = new Date();
  const order =
    (await orderToResume(deps.db, auth, idempotency)) ??
    (await deps.db.transaction(async (tx) => {
      const placed = await placeOrder(tx, auth.partyId, {
        items: [{ product_id: product.id, quantity }],
        immediateStartConsent: input.immediate_start_consent,
        ...(waitingPlateCode ? { waitingPlateCode } : {}),
        paymentMethod: 'reepay',
        language,
        buyerEmail: await buyerEmailOf(tx, auth),
        now,
      });
      await recordProgress(tx, idempotency, { order_id: placed.id });
      return placed;
    }));
  let session: { url: string };
  try {
    session = await deps.reepay.client.createSubscriptionSession({
      handle: order.id,
      plan: planHandle,
      customer: { handle: order.partyId, email: order.buyerEmail ?? `${order.partyId}@invalid` },
      quantity,
      acceptUrl: `${deps.publicUrl}${returnPath}?order_id=${order.id}`,
      cancelUrl: `${deps.publicUrl}/purchase-failed?order_id=${order.id}`,
      locale: PROVIDER_LOCALE[language],
      ttl: CARD_WINDOW_TTL,
    });
  } catch (error) {
    await orders.updateOrderIf(deps.db, order.id, ['pending'], {
      status: 'cancelled',
      closedAt: now,
      updatedAt: now,
    });
    throw error;
  }
  return recordPaymentSession(deps.db, order.id, session.url, idempotency);
}

/**
 * The sticker a person activated before subscribing must be one a new bike can have (as a typed
 * plate ID at registration: SPEC §5); its canonical code is kept on the order for the first bike.
 */
async function checkWaitingPlate(deps: CheckoutDeps, plateId: string): Promise<string> {
  const check = await plates.checkPlateForBike(deps.db, plateId, null);
  if (check.status !== 'valid') {
    throw new ValidationError([
      {
        loc: ['body', 'already_activated_plate_id'],
        type: plates.PLATE_ISSUE_TYPES[check.status],
        params: { plate_id: plateId },
      },
    ]);
  }
  return check.code;
}

async function providerSubscriptionOf(deps: CheckoutDeps, auth: RequestAuth) {
  const row = await credits.findLatestProviderSubscription(deps.db, auth.partyId);
  if (!row?.externalId) throw new AppError('no_subscription');
  const subscription = await deps.reepay.client.getSubscription(row.externalId);
  if (!subscription) throw new AppError('no_subscription');
  return { row, subscription };
}

function presentCustomerSession(plan: string, subscription: ReepaySubscription) {
  return {
    url: subscription.paymentInfoUrl,
    plan: plan as PlanKind,
    cancelled: subscription.isCancelled,
    current_period_end: subscription.expires ?? subscription.nextPeriodStart,
    active: subscription.state === 'active',
  };
}

/**
 * POST /api/webshop/customers/sessions: the person's subscription at the provider, with the page
 * to change the card; `cancel` ends it at the period's end (it stays active until then), `resume`
 * undoes that. Without a subscription at the provider: 403 no_subscription.
 */
export async function customerSession(
  deps: CheckoutDeps,
  auth: RequestAuth,
  action: 'change_card' | 'cancel' | 'resume',
  /** The request's Idempotency-Key: the answer commits with the synced subscription. */
  idempotency: IdempotencyClaim | null,
) {
  const { row, subscription } = await providerSubscriptionOf(deps, auth);
  let current = subscription;
  // Cancelling a cancelled subscription (or resuming a running one) changes nothing at the
  // provider, so a retry after a crash repeats no effect there.
  if (action === 'cancel' && !subscription.isCancelled) {
    current = await deps.reepay.client.cancelSubscription(subscription.handle);
  } else if (action === 'resume' && subscription.isCancelled) {
    current = await deps.reepay.client.uncancelSubscription(subscription.handle);
  }
  return deps.db.transaction(async (tx) => {
    if (current !== subscription) await syncReepaySubscription(tx, current, new Date());
    return keepAnswer(tx, idempotency, presentCustomerSession(row.plan, current));
  });
}

/**
 * POST /api/webshop/customer-session-for-pricing-table: what the pricing page needs for the
 * signed-in person: the plans of their region in its currency, their current plan and period,
 * whether their subscription is cancelled to run out, and whether it is one at the provider that
 * renews (cancel, resume and change card apply only then).
 */
export async function pricingTable(deps: CheckoutDeps, auth: RequestAuth, language: Language) {
  const region = await regionOfPerson(deps.db, auth);
  // A private person is not offered the organisation plan (issue 27): mayBuyProduct.
  const buyer = await catalogue.findBuyerKind(deps.db, auth.partyId);
  const plans = (await catalogue.listActiveProducts(deps.db, region))
    .filter((product) => product.kind === 'subscription' && mayBuyProduct(buyer, product))
    .map((product) => presentProduct(product, language));
  const overview = await getOverview(deps, auth);
  const atProvider = await credits.findLatestProviderSubscription(deps.db, auth.partyId);
  const subscription = atProvider?.externalId
    ? await deps.reepay.client.getSubscription(atProvider.externalId)
    : null;
  return {
    region,
    currency: region === 'no' ? ('NOK' as const) : ('DKK' as const),
    plans,
    current_plan: overview.subscription_active ? overview.plan : null,
    subscription_active: overview.subscription_active,
    current_period_end: overview.current_period_end,
    cancel_at_period_end: subscription?.isCancelled ?? false,
    // Only a running subscription at the provider renews; a one-time registration has none there.
    renews: overview.subscription_active && subscription?.state === 'active',
  };
}

/**
 * ORGANISATION is bought per bike: a bike more is the subscription's quantity up at the provider,
 * which bills the rest of the period prorated to the stored card; the credits follow the quantity
 * (syncReepaySubscription), here at once and again with the provider's events.
 */
async function raiseOrganisationQuantity(
  deps: CheckoutDeps,
  handle: string,
  quantity: number,
  idempotency: IdempotencyClaim | null,
): Promise<SubscriptionCreditsStarted> {
  const current = await deps.reepay.client.getSubscription(handle);
  if (current?.state !== 'active') throw new AppError('no_subscription');
  // The quantity to reach is decided once and recorded with the key before the provider is asked:
  // a retry after a crash sets that same quantity again (billed once) instead of adding to it.
  const recorded = idempotency?.progress as QuantityProgress | null | undefined;
  const target = recorded?.subscription_quantity ?? current.quantity + quantity;
  if (!recorded) {
    await recordProgress(deps.db, idempotency, { subscription_quantity: target } satisfies QuantityProgress);
  }
  const raised = await deps.reepay.client.changeSubscriptionQuantity(handle, {
    quantity: target,
    timing: 'immediate',
  });
  return deps.db.transaction(async (tx) => {
    await syncReepaySubscription(tx, raised, new Date());
    return keepAnswer(tx, idempotency, { order_id: null, payment_url: null, credits_added: quantity });
  });
}

/** What raising an ORGANISATION subscription records before it asks the provider. */
interface QuantityProgress {
  subscription_quantity: number;
}

type SubscriptionCreditsStarted = {
  order_id: string | null;
  payment_url: string | null;
  /** Credits added now (ORGANISATION, billed to the stored card); 0 until a card payment is made. */
  credits_added: number;
};

/**
 * POST /api/webshop/subscriptions/bikes: more credits in the person's active subscription. For
 * SINGLE and FAMILY, paid once by card at the plan's price per credit for what is left of the
 * period (prorated, whole kroner), and once paid the credits join the subscription and share its
 * period; for ORGANISATION, the quantity goes up at the provider (raiseOrganisationQuantity).
 * Without an active subscription: 403 no_subscription.
 */
export async function startSubscriptionCreditCheckout(
  deps: CheckoutDeps,
  auth: RequestAuth,
  quantity: number,
  language: Language,
  /** The request's Idempotency-Key: see checkout.service's startReepayCheckout. */
  idempotency: IdempotencyClaim | null,
): Promise<SubscriptionCreditsStarted> {
  const now = new Date();
  const row = await credits.findLatestProviderSubscription(deps.db, auth.partyId);
  if (!row?.orderId || !row.currentPeriodEnd || row.currentPeriodEnd.getTime() <= now.getTime()) {
    throw new AppError('no_subscription');
  }
  if (row.plan === 'ORGANISATION' && row.externalId) {
    return raiseOrganisationQuantity(deps, row.externalId, quantity, idempotency);
  }
  const resumed = await orderToResume(deps.db, auth, idempotency);
  if (resumed) return openChargeSession(deps, resumed, language, idempotency, { credits_added: 0 });
  const first = await orders.findOrder(deps.db, row.orderId);
  const planLine = first?.lines.find((line) => line.kind === 'subscription');
  const product = planLine ? await catalogue.findProductById(deps.db, planLine.productId) : null;
  if (!first || !product?.periodMonths) throw new AppError('product_unavailable');
  const unitPrice = proratedCreditPrice(
    { priceMinor: product.priceMinor, credits: product.credits, periodMonths: product.periodMonths },
    row.currentPeriodEnd,
    now,
  );
  const totals = priceOrder([
    { unitPriceMinor: unitPrice, quantity, vatRatePercent: product.vatRatePercent },
  ]);
  const orderId = uuidv7(now.getTime());
  const order = await deps.db.transaction(async (tx) => {
    await orders.insertOrder(
      tx,
      {
        id: orderId,
        partyId: auth.partyId,
        region: first.region,
        currency: currencyOfRegion(first.region as 'dk' | 'no'),
        subtotalMinor: totals.subtotalMinor,
        totalMinor: totals.totalMinor,
        vatMinor: totals.vatMinor,
        paymentMethod: 'reepay',
        buyerEmail: await buyerEmailOf(tx, auth),
        language,
        createdAt: now,
        updatedAt: now,
      },
      [
        {
          id: uuidv7(now.getTime()),
          orderId,
          position: 1,
          productId: product.id,
          kind: 'subscription_credit',
          description: `${localised(product.names, language)} (+${quantity})`,
          quantity,
          unitPriceMinor: unitPrice,
          vatRatePercent: product.vatRatePercent,
          totalMinor: totals.lines[0]?.totalMinor ?? 0,
          vatMinor: totals.lines[0]?.vatMinor ?? 0,
          subscriptionId: row.id,
        },
      ],
    );
    const placed = await orders.findOrder(tx, orderId);
    if (!placed) throw new Error('the order vanished while placing it');
    await recordProgress(tx, idempotency, { order_id: placed.id });
    return placed;
  });
  return openChargeSession(deps, order, language, idempotency, { credits_added: 0 });
}
