import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicPass, logPassFailure, type PeriodicPass } from '../../platform/periodic-pass.ts';
import { countPaymentEvent } from '../../platform/telemetry/metrics.ts';
import { CARD_ABANDONED_AFTER_MS } from './catalogue.service.ts';
import { applyReepayInvoice, type CheckoutDeps, syncReepaySubscription } from './checkout.service.ts';
import { settleOrder } from './order-fulfilment.service.ts';
import * as repository from './orders.repository.ts';

/*
 * Reconciliation (issue 15 §2): a webhook may never arrive (our instance was down past the
 * provider's retries, a delivery was lost), so orders left pending or failed for a few minutes are
 * asked about at the provider, and brought in line with their invoice exactly as a webhook would
 * (applyReepayInvoice: paying is guarded, so a webhook arriving at the same moment is harmless).
 * A subscription order is paid once its subscription is active at the provider. A card checkout
 * left unpaid after its window closed (CARD_WINDOW_TTL and a margin: no invoice, or only declined
 * attempts) was abandoned, as a Vipps payment nobody answers expires: its charge is cancelled at
 * the provider (so the window cannot pay it later) and the order cancelled (issue 27: it said
 * "Afventer betaling" for ever). On N instances at once each step is harmless twice: the provider
 * answers a cancelled invoice as it is, and the order moves only if it still waits.
 */

export interface ReconcilerOptions {
  deps: CheckoutDeps;
  logger: FastifyBaseLogger;
  /** Pause between passes. */
  intervalMs?: number;
  /** Orders younger than this are left to their webhooks. */
  minimumAgeMs?: number;
  /** A checkout never started at the provider this long ago is given up (Vipps). */
  abandonAfterMs?: number;
  /** A card checkout unpaid this long after it was opened is given up (its window has closed). */
  cardAbandonAfterMs?: number;
  batchSize?: number;
  /** Other payment methods' passes (Vipps: reconcileVippsOrders), run after the card provider's with the same limits. */
  morePasses?: ReadonlyArray<
    (
      now: Date,
      limits: { minimumAgeMs: number; abandonAfterMs: number; batchSize: number },
    ) => Promise<ReconciliationReport>
  >;
}

export interface ReconciliationReport {
  checked: number;
  changed: number;
  /** The provider could not be asked; the orders wait for the next pass. */
  unreachable: number;
}

export type OrderReconciler = PeriodicPass<ReconciliationReport>;

export function createOrderReconciler(options: ReconcilerOptions): OrderReconciler {
  const {
    deps,
    logger,
    intervalMs = 60_000,
    minimumAgeMs = 3 * 60_000,
    abandonAfterMs = 24 * 60 * 60_000,
    cardAbandonAfterMs = CARD_ABANDONED_AFTER_MS,
    batchSize = 100,
    morePasses = [],
  } = options;

  async function pass(now: Date): Promise<ReconciliationReport> {
    const report: ReconciliationReport = { checked: 0, changed: 0, unreachable: 0 };
    const waiting = await repository.listAwaitingPayment(
      deps.db,
      'reepay',
      new Date(now.getTime() - minimumAgeMs),
      batchSize,
    );
    for (const order of waiting) {
      report.checked += 1;
      const handle = order.providerReference ?? order.id;
      let invoice: Awaited<ReturnType<CheckoutDeps['reepay']['client']['getInvoice']>>;
      let subscription: Awaited<ReturnType<CheckoutDeps['reepay']['client']['getSubscription']>> = null;
      const abandoned = order.createdAt.getTime() < now.getTime() - cardAbandonAfterMs;
      try {
        invoice = await deps.reepay.client.getInvoice(handle);
        // A subscription order's invoices are the subscription's (inv-<n>): ask about the subscription.
        if (!invoice) subscription = await deps.reepay.client.getSubscription(handle);
        // Only declined attempts, and the window closed: the charge is cancelled at the provider
        // first, so nothing can pay it after the order is cancelled. The provider's answer (or, if it
        // refuses because the invoice moved on meanwhile, the invoice read again) is applied below.
        if (abandoned && (invoice?.state === 'failed' || invoice?.state === 'created')) {
          invoice = await deps.reepay.client
            .cancelCharge(invoice.handle)
            .catch(() => deps.reepay.client.getInvoice(handle));
        }
      } catch (error) {
        report.unreachable += 1;
        countPaymentEvent('reepay', 'reconciliation', 'unreachable');
        logger.warn({ err: error, orderId: order.id }, 'reconciliation could not ask the provider');
        continue;
      }
      const outcome = await deps.db.transaction(async (tx) => {
        if (invoice) return applyReepayInvoice(tx, invoice, now);
        if (subscription?.state === 'active') {
          const settled = await settleOrder(tx, order.id, now, {
            externalSubscriptionId: subscription.handle,
          });
          await syncReepaySubscription(tx, subscription, now);
          return settled;
        }
        if (!abandoned) return 'unchanged';
        // Counted by the instance whose update moved it, so N passes at once report one change.
        const cancelled = await repository.updateOrderIf(tx, order.id, ['pending', 'failed'], {
          status: 'cancelled',
          closedAt: now,
          updatedAt: now,
        });
        return cancelled ? 'cancelled' : 'unchanged';
      });
      countPaymentEvent('reepay', 'reconciliation', outcome);
      if (outcome !== 'unchanged' && outcome !== 'already_paid') report.changed += 1;
    }
    for (const more of morePasses) {
      const other = await more(now, { minimumAgeMs, abandonAfterMs, batchSize });
      report.checked += other.checked;
      report.changed += other.changed;
      report.unreachable += other.unreachable;
    }
    return report;
  }

  return createPeriodicPass({
    name: 'order-reconciliation',
    pass,
    intervalMs,
    onReport: (report) => {
      if (report.changed > 0 || report.unreachable > 0) logger.info({ ...report }, 'orders reconciled');
    },
    onError: logPassFailure(logger, 'order reconciliation failed'),
  });
}
