import {
  isPlateQuantityAllowed,
  mailAddressOf,
  PLATE_ORDER_MAX_QUANTITY,
  type PlateOrder,
  type PlateOrderRefusal,
  type PlateOrderStatus,
  plateQuantityOf,
} from '@nbr/domain/insurance-plate-orders';
import type { Executor } from '../../db/client.ts';
import { recordAuditEvent, recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { useTokenOnce } from '../../platform/auth/single-use.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import {
  type InboundMail,
  MAILGUN_SIGNATURE_MAX_SKEW_MS,
  verifyMailgunInbound,
} from '../../platform/mail/mailgun-inbound.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import * as identity from '../identity/identity.facade.ts';
import type { InsuranceDeps } from './insurance.deps.ts';
import { insurerAdminAudience, isInsurerStaff, isOurStaff } from './insurance.policy.ts';
import {
  plateOrderReceivedMail,
  plateOrderSentMail,
  plateOrderUnreadableMail,
} from './plate-orders.mails.ts';
import * as repository from './plate-orders.repository.ts';
import { viewerOf } from './policies.service.ts';

/*
 * Plates ordered by e-mail (issue 16 §4): Mailgun forwards what reaches the plate-order address,
 * signed. A mail becomes an order when SPF or DKIM passed, its From address is a confirmed member
 * of exactly one insurance company, and it names a number of plates the register can read; the
 * member is mailed the order as read (or why it could not be read). Everything else is refused
 * and logged in the audit trail, without an answer to an address the register cannot trust.
 */

export interface InboundMailSettings {
  signingKey: string;
  plateOrderAddress: string;
}

export type InboundMailOutcome =
  | { outcome: 'ordered' | 'duplicate'; plate_order_id: string | null }
  | { outcome: 'refused'; reason: InboundRefusal };

/** Why a mail made no order: the member's refusals, and what only the log sees (a copy posted again). */
type InboundRefusal = PlateOrderRefusal | 'wrong_recipient' | 'replayed';

function adminUrl(publicUrl: string, insurerPartyId: string): string {
  return `${publicUrl}/insurance/${insurerPartyId}/admin`;
}

async function refuse(
  executor: Executor,
  reason: InboundRefusal,
  mail: { from: string; subject: string },
  insurerPartyId: string | null = null,
): Promise<InboundMailOutcome> {
  await recordAuditEvent(executor, {
    action: 'insurance.plate_order_mail_refused',
    actorPartyId: null,
    targetPartyId: insurerPartyId,
    sessionId: null,
    details: { reason, from: mail.from.slice(0, 300), subject: mail.subject.slice(0, 300) },
  });
  return { outcome: 'refused', reason };
}

/**
 * POST /api/insurance/plate-orders/inbound-mail: one forwarded mail. A bad or stale signature is a
 * 401; a signed form is taken once (issue 27: Mailgun's token, used up in the transaction that
 * records what the mail did, so a copy posted again within the 15 minutes its signature lives, with
 * other contents or not, is refused on every instance, while a delivery that failed may be retried).
 */
export async function receivePlateOrderMail(
  deps: InsuranceDeps,
  settings: InboundMailSettings,
  body: unknown,
  now = new Date(),
): Promise<InboundMailOutcome> {
  const mail = verifyMailgunInbound(settings.signingKey, body, now.getTime());
  if (!mail) throw new AppError('webhook_signature_invalid');
  return deps.db.transaction(async (tx) => {
    const signedUntil = new Date(mail.signedAt.getTime() + MAILGUN_SIGNATURE_MAX_SKEW_MS);
    if (!(await useTokenOnce(tx, 'mailgun_inbound', mail.token, signedUntil, now))) {
      return refuse(tx, 'replayed', mail);
    }
    return receiveVerifiedMail(deps, tx, settings, mail, now);
  });
}

async function receiveVerifiedMail(
  deps: InsuranceDeps,
  tx: Executor,
  settings: InboundMailSettings,
  mail: InboundMail,
  now: Date,
): Promise<InboundMailOutcome> {
  if (!mail.recipients.includes(settings.plateOrderAddress)) return refuse(tx, 'wrong_recipient', mail);
  if (!mail.authenticated) return refuse(tx, 'not_authenticated', mail);
  const address = mailAddressOf(mail.from);
  const person = address ? await identity.findPersonByEmail(tx, address) : null;
  if (!address || !person?.emailVerifiedAt) return refuse(tx, 'unknown_sender', mail);
  const insurers = await repository.listInsurersOfMember(tx, person.partyId);
  if (insurers.length === 0) return refuse(tx, 'unknown_sender', mail);
  if (insurers.length > 1) return refuse(tx, 'several_insurers', mail);
  const insurerPartyId = insurers[0]!;
  const url = adminUrl(deps.publicUrl, insurerPartyId);

  const quantity = plateQuantityOf(mail.subject, mail.text);
  if (quantity === null || !isPlateQuantityAllowed(quantity)) {
    await enqueueMail(
      tx,
      plateOrderUnreadableMail({
        to: person.email,
        language: person.language,
        subject: mail.subject,
        maximum: PLATE_ORDER_MAX_QUANTITY,
        url,
      }),
    );
    return refuse(tx, quantity === null ? 'no_quantity' : 'quantity_out_of_range', mail, insurerPartyId);
  }

  const id = uuidv7(now.getTime());
  const created = await repository.insertPlateOrderOnce(tx, {
    id,
    insurerPartyId,
    quantity,
    status: 'requested',
    requestedByEmail: address,
    requestedBy: person.partyId,
    subject: mail.subject.slice(0, 500),
    // Without a Message-Id the signed token is the mail's identity for this delivery.
    messageId: mail.messageId ?? `token:${mail.token}`,
    createdAt: now,
    updatedAt: now,
  });
  if (!created) return { outcome: 'duplicate', plate_order_id: null };
  await enqueueMail(
    tx,
    plateOrderReceivedMail({
      to: person.email,
      language: person.language,
      quantity,
      subject: mail.subject,
      url,
    }),
  );
  await recordAuditEvent(tx, {
    action: 'insurance.plate_order_received',
    actorPartyId: person.partyId,
    targetPartyId: insurerPartyId,
    sessionId: null,
    details: { plate_order_id: id, quantity },
    now,
  });
  return { outcome: 'ordered', plate_order_id: id };
}

async function present(executor: Executor, rows: readonly repository.PlateOrderRow[]): Promise<PlateOrder[]> {
  const names = await identity.partyNames(executor, [...new Set(rows.map((row) => row.insurerPartyId))]);
  return rows.map((row) => ({
    id: row.id,
    insurer: { party_id: row.insurerPartyId, name: names.get(row.insurerPartyId) ?? '' },
    quantity: row.quantity,
    status: row.status as PlateOrderStatus,
    requested_by: row.requestedByEmail,
    subject: row.subject,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  }));
}

/** GET /api/insurance/{insurer}/plate-orders: to that insurer's staff and our staff; 404 for anyone else. */
export async function listPlateOrders(
  deps: InsuranceDeps,
  auth: RequestAuth,
  insurerPartyId: string,
  plateOrderAddress: string | null,
): Promise<{ address: string | null; orders: PlateOrder[] }> {
  if (!isUuid(insurerPartyId)) throw new AppError('not_found');
  const viewer = await viewerOf(deps.db, auth);
  if (!insurerAdminAudience(viewer, insurerPartyId)) throw new AppError('not_found');
  const rows = await repository.listPlateOrdersOfInsurer(deps.db, insurerPartyId);
  return { address: plateOrderAddress, orders: await present(deps.db, rows) };
}

/**
 * POST /api/insurance/plate-orders/{id}/cancel: the insurer's staff cancel an order not yet sent
 * (a mail the register read as an order that was not meant as one).
 */
export async function cancelPlateOrder(
  deps: InsuranceDeps,
  auth: RequestAuth,
  plateOrderId: string,
  now = new Date(),
): Promise<PlateOrder> {
  if (!isUuid(plateOrderId)) throw new AppError('not_found');
  return deps.db.transaction(async (tx) => {
    const row = await repository.findPlateOrderById(tx, plateOrderId, true);
    if (!row || !isInsurerStaff(await viewerOf(tx, auth), row.insurerPartyId))
      throw new AppError('not_found');
    if (row.status !== 'requested') throw new AppError('plate_order_not_open');
    await repository.updatePlateOrder(tx, row.id, { status: 'cancelled', cancelledAt: now, updatedAt: now });
    await recordAuditEventBy(tx, auth, {
      action: 'insurance.plate_order_cancelled',
      targetPartyId: row.insurerPartyId,
      details: { plate_order_id: row.id, before: { status: row.status }, after: { status: 'cancelled' } },
      now,
    });
    const [order] = await present(tx, [(await repository.findPlateOrderById(tx, row.id))!]);
    return order!;
  });
}

/** POST /api/insurance/plate-orders/{id}/sent: our staff have sent the plates; the member who ordered is mailed. */
export async function markPlateOrderSent(
  deps: InsuranceDeps,
  auth: RequestAuth,
  plateOrderId: string,
  now = new Date(),
): Promise<PlateOrder> {
  if (!isUuid(plateOrderId)) throw new AppError('not_found');
  return deps.db.transaction(async (tx) => {
    if (!isOurStaff(await viewerOf(tx, auth))) throw new AppError('not_found');
    const row = await repository.findPlateOrderById(tx, plateOrderId, true);
    if (!row) throw new AppError('not_found');
    if (row.status !== 'requested') throw new AppError('plate_order_not_open');
    await repository.updatePlateOrder(tx, row.id, { status: 'sent', sentAt: now, updatedAt: now });
    const requester = row.requestedBy ? await identity.findPersonById(tx, row.requestedBy) : null;
    await enqueueMail(
      tx,
      plateOrderSentMail({
        to: requester?.email ?? row.requestedByEmail,
        language: requester?.language ?? 'da',
        quantity: row.quantity,
        url: adminUrl(deps.publicUrl, row.insurerPartyId),
      }),
    );
    await recordAuditEventBy(tx, auth, {
      action: 'insurance.plate_order_sent',
      targetPartyId: row.insurerPartyId,
      details: { plate_order_id: row.id, before: { status: row.status }, after: { status: 'sent' } },
      now,
    });
    const [order] = await present(tx, [(await repository.findPlateOrderById(tx, row.id))!]);
    return order!;
  });
}
