import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAND_IN_MAILGUN_SIGNING_KEY } from '../../config.ts';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { insurancePlateOrders } from '../../db/schema/insurance.ts';
import { mailgunInboundForm } from '../../platform/mail/mailgun-inbound.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, latestMail, mailsTo, signUpUser, type TestUser } from '../../test/identity-helpers.ts';
import { createInsurer, type TestInsurer } from '../../test/insurance-helpers.ts';
import { signUpStaff } from '../../test/organisation-helpers.ts';
import { forgetInsuranceOf } from './insurance.facade.ts';

/*
 * Issue 16 §4: an insurer orders plates by e-mail. Mailgun's signed forwards to the plate-order
 * address, from a confirmed member of one insurer, become orders; anything else is refused (406),
 * logged and never answered. The insurer follows and cancels its orders, our staff send them.
 */

const ADDRESS = 'oblater@cykelregister.dk';
let t: TestApp;
let insurerA: TestInsurer;
let insurerB: TestInsurer;
/** The insurer of the issue 27 tests below, so the tests after them find A's and B's orders as before. */
let insurerC: TestInsurer;
let staffAdmin: TestUser;
let support: TestUser;
let person: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  staffAdmin = await signUpStaff(t.app, 'admin');
  support = await signUpStaff(t.app, 'support');
  insurerA = await createInsurer(t.app, staffAdmin.token);
  insurerB = await createInsurer(t.app, staffAdmin.token);
  person = await signUpUser(t.app);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

function mailFrom(
  from: string,
  mail: {
    subject: string;
    text: string;
    spf?: string;
    dkim?: string;
    key?: string;
    to?: string;
    now?: number;
    messageId?: string;
  },
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/insurance/plate-orders/inbound-mail',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(
      mailgunInboundForm(mail.key ?? STAND_IN_MAILGUN_SIGNING_KEY, { from, to: mail.to ?? ADDRESS, ...mail }),
    ).toString(),
  });
}

async function ordersOf(insurerPartyId: string) {
  return t.app.db
    .select()
    .from(insurancePlateOrders)
    .where(eq(insurancePlateOrders.insurerPartyId, insurerPartyId));
}

describe('POST /api/insurance/plate-orders/inbound-mail', () => {
  it('turns a member’s mail into an order, once however often it is delivered, and answers the member', async () => {
    const messageId = '<order-1@forsikring.example>';
    const first = await mailFrom(`"Anne Staff" <${insurerA.staff.email.toUpperCase()}>`, {
      subject: 'Bestilling af plader',
      text: 'Hej\n\nAntal: 250\n\nVenlig hilsen',
      messageId,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ outcome: 'ordered' });
    const again = await mailFrom(insurerA.staff.email, {
      subject: 'Bestilling af plader',
      text: 'Antal: 250',
      messageId,
    });
    expect(again.json()).toMatchObject({ outcome: 'duplicate' });
    const orders = await ordersOf(insurerA.partyId);
    expect(orders.map((order) => [order.quantity, order.status, order.requestedByEmail])).toEqual([
      [250, 'requested', insurerA.staff.email.toLowerCase()],
    ]);
    const mail = await latestMail(t.app.db, insurerA.staff.email, 'plate_order_received');
    expect(mail.subject).toContain('250');
    expect(mail.text).toContain(`/insurance/${insurerA.partyId}/admin`);
  });

  it('takes a multipart forward (a mail with attachments) and reads only its fields', async () => {
    const form = mailgunInboundForm(STAND_IN_MAILGUN_SIGNING_KEY, {
      from: insurerA.staff.email,
      to: ADDRESS,
      subject: '40 plader',
      text: 'Se vedhæftede logo',
    });
    const boundary = 'mailgun-boundary-1';
    const parts = Object.entries(form).map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="attachment-1"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG-bytes\r\n`,
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/insurance/plate-orders/inbound-mail',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${parts.join('')}--${boundary}--\r\n`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await ordersOf(insurerA.partyId)).map((order) => order.quantity).sort()).toEqual(
      [250, 40].sort(),
    );
  });

  it('answers 401 to a forged or stale signature and changes nothing', async () => {
    const before = (await ordersOf(insurerA.partyId)).length;
    const forged = await mailFrom(insurerA.staff.email, {
      subject: '10 plader',
      text: '',
      key: 'not-the-key',
    });
    expect(forged.statusCode).toBe(401);
    const stale = await mailFrom(insurerA.staff.email, {
      subject: '10 plader',
      text: '',
      now: Date.now() - 60 * 60 * 1000,
    });
    expect(stale.statusCode).toBe(401);
    const notMailgun = await t.app.inject({
      method: 'POST',
      url: '/api/insurance/plate-orders/inbound-mail',
      payload: { subject: '10 plader' },
    });
    expect(notMailgun.statusCode).toBe(401);
    expect(await ordersOf(insurerA.partyId)).toHaveLength(before);
  });

  it('refuses, logs and never answers a mail it cannot trust', async () => {
    const cases = [
      [
        await mailFrom(insurerA.staff.email, { subject: '10 plader', text: '', spf: 'Fail', dkim: 'Fail' }),
        'not_authenticated',
      ],
      [await mailFrom(person.email, { subject: '10 plader', text: '' }), 'unknown_sender'],
      [await mailFrom('stranger@example.test', { subject: '10 plader', text: '' }), 'unknown_sender'],
      [
        await mailFrom(insurerA.staff.email, {
          subject: '10 plader',
          text: '',
          to: 'other@cykelregister.dk',
        }),
        'wrong_recipient',
      ],
    ] as const;
    for (const [response, reason] of cases) {
      expect(response.statusCode).toBe(406);
      expect(response.json()).toEqual({ outcome: 'refused', reason });
    }
    const refused = await t.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'insurance.plate_order_mail_refused'));
    expect(refused.map((event) => (event.details as { reason: string }).reason)).toEqual(
      expect.arrayContaining(['not_authenticated', 'unknown_sender', 'wrong_recipient']),
    );
    expect(await mailsTo(t.app.db, person.email, 'plate_order_unreadable')).toEqual([]);
    expect(await ordersOf(insurerA.partyId)).toHaveLength(2);
  });

  it('tells a member when the mail names no number of plates, or too many, and orders nothing', async () => {
    const none = await mailFrom(insurerB.staff.email, {
      subject: 'Spørgsmål',
      text: 'Hvornår kommer pladerne?',
    });
    expect(none.json()).toEqual({ outcome: 'refused', reason: 'no_quantity' });
    const tooMany = await mailFrom(insurerB.staff.email, { subject: '9000 plader', text: '' });
    expect(tooMany.json()).toEqual({ outcome: 'refused', reason: 'quantity_out_of_range' });
    expect(await mailsTo(t.app.db, insurerB.staff.email, 'plate_order_unreadable')).toHaveLength(2);
    expect(await ordersOf(insurerB.partyId)).toEqual([]);
  });

  it('reads every digit of the number: 4999 orders 4999, 50000 is refused as too many, not cut to 500', async () => {
    insurerC = await createInsurer(t.app, staffAdmin.token);
    const tooMany = await mailFrom(insurerC.staff.email, { subject: 'Bestilling', text: 'Antal: 50000' });
    expect(tooMany.json()).toEqual({ outcome: 'refused', reason: 'quantity_out_of_range' });
    const unreadable = await latestMail(t.app.db, insurerC.staff.email, 'plate_order_unreadable');
    // The member is told the most one mail may order.
    expect(unreadable.text).toContain('5000');
    const ordered = await mailFrom(insurerC.staff.email, { subject: 'Bestilling', text: 'Antal: 4999' });
    expect(ordered.json()).toMatchObject({ outcome: 'ordered' });
    expect((await ordersOf(insurerC.partyId)).map((order) => order.quantity)).toEqual([4999]);
  });

  it('takes a signed form once: the same token posted again, with other contents, is refused (issue 27)', async () => {
    const form = mailgunInboundForm(STAND_IN_MAILGUN_SIGNING_KEY, {
      from: insurerC.staff.email,
      to: ADDRESS,
      subject: '5 plader',
      text: '',
    });
    const post = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/insurance/plate-orders/inbound-mail',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    const before = (await ordersOf(insurerC.partyId)).length;
    const first = await post(form);
    expect(first.json()).toMatchObject({ outcome: 'ordered' });
    // The signature covers only the timestamp and the token: a copy may carry any mail.
    const replayed = await post({
      ...form,
      subject: '900 plader',
      'Message-Id': '<another-order@forsikring.example>',
      'message-headers': form['message-headers']!.replace(/<[^>]+@mail\.example>/, '<another@x>'),
    });
    expect(replayed.statusCode).toBe(406);
    expect(replayed.json()).toEqual({ outcome: 'refused', reason: 'replayed' });
    // The very same form again is refused as well.
    expect((await post(form)).json()).toEqual({ outcome: 'refused', reason: 'replayed' });
    const orders = await ordersOf(insurerC.partyId);
    expect(orders).toHaveLength(before + 1);
    expect(orders.some((order) => order.quantity === 900)).toBe(false);
  });
});

describe('the insurer’s and our staff’s plate orders', () => {
  it('lists an insurer’s orders to its staff and ours, with the address to mail; 404 for anyone else', async () => {
    const url = `/api/insurance/${insurerA.partyId}/plate-orders`;
    const own = await t.app.inject({ url, headers: bearer(insurerA.staff.token) });
    expect(own.statusCode).toBe(200);
    expect(own.json().address).toBe(ADDRESS);
    expect(own.json().orders.map((order: { quantity: number }) => order.quantity)).toEqual([40, 250]);
    expect((await t.app.inject({ url, headers: bearer(support.token) })).statusCode).toBe(200);
    for (const token of [insurerB.staff.token, person.token]) {
      expect((await t.app.inject({ url, headers: bearer(token) })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });

  it('lets the insurer cancel an order not yet sent, and our staff send the others; each audited', async () => {
    const [forty, twoHundredFifty] = (
      await t.app.inject({
        url: `/api/insurance/${insurerA.partyId}/plate-orders`,
        headers: bearer(insurerA.staff.token),
      })
    ).json().orders as Array<{ id: string }>;
    const cancelUrl = `/api/insurance/plate-orders/${forty!.id}/cancel`;
    for (const token of [insurerB.staff.token, person.token, support.token]) {
      expect(
        (await t.app.inject({ method: 'POST', url: cancelUrl, headers: bearer(token) })).statusCode,
      ).toBe(404);
    }
    const cancelled = await t.app.inject({
      method: 'POST',
      url: cancelUrl,
      headers: bearer(insurerA.staff.token),
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });

    const sentUrl = `/api/insurance/plate-orders/${twoHundredFifty!.id}/sent`;
    expect(
      (await t.app.inject({ method: 'POST', url: sentUrl, headers: bearer(insurerA.staff.token) }))
        .statusCode,
    ).toBe(403);
    const sent = await t.app.inject({ method: 'POST', url: sentUrl, headers: bearer(support.token) });
    expect(sent.json()).toMatchObject({ status: 'sent', quantity: 250 });
    expect(sent.json().sent_at).not.toBeNull();
    await latestMail(t.app.db, insurerA.staff.email, 'plate_order_sent');
    const twice = await t.app.inject({ method: 'POST', url: sentUrl, headers: bearer(support.token) });
    expect(twice.json()).toMatchObject({ code: 'plate_order_not_open' });
    const cancelSent = await t.app.inject({
      method: 'POST',
      url: `/api/insurance/plate-orders/${twoHundredFifty!.id}/cancel`,
      headers: bearer(insurerA.staff.token),
    });
    expect(cancelSent.json()).toMatchObject({ code: 'plate_order_not_open' });
    const audits = await t.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetPartyId, insurerA.partyId));
    expect(audits.map((event) => event.action)).toEqual(
      expect.arrayContaining([
        'insurance.plate_order_received',
        'insurance.plate_order_cancelled',
        'insurance.plate_order_sent',
      ]),
    );
  });
});

describe('the Mailgun stand-in (/dev/mailgun)', () => {
  it('forwards a mail written on its page as a signed Mailgun route does, and shows the answer', async () => {
    const page = await t.app.inject({ url: '/dev/mailgun/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(ADDRESS);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/dev/mailgun/messages',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ from: insurerB.staff.email, subject: '15 plader', text: '' }).toString(),
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('The API answered 200');
    expect((await ordersOf(insurerB.partyId)).map((order) => order.quantity)).toEqual([15]);
  });
});

describe('a member’s plate orders and their personal data', () => {
  it('are in the member’s export, and lose the member’s address and subject at deletion', async () => {
    const member = insurerB.staff;
    const exported = await t.app.inject({ url: '/api/identities/me/export', headers: bearer(member.token) });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().insurance_plate_orders).toEqual([
      expect.objectContaining({
        quantity: 15,
        requested_by_email: member.email.toLowerCase(),
        subject: '15 plader',
      }),
    ]);
    await forgetInsuranceOf(t.app.db, member.partyId, [member.email]);
    const [order] = await ordersOf(insurerB.partyId);
    expect(order).toMatchObject({ quantity: 15, requestedBy: null, requestedByEmail: '', subject: '' });
  });
});
