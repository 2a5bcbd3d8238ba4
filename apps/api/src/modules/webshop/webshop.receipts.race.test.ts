import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail.ts';
import { orders, receiptSequences } from '../../db/schema/webshop.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { signUpUser } from '../../test/identity-helpers.ts';
import { catalogue, checkout, payInWindow } from '../../test/webshop-helpers.ts';

/*
 * Receipt numbers under concurrency (payments.md §4.2: pre-numbered, gap-free, never reused): 20
 * payments settled at once each take the next number of the region's series in their paying
 * transaction. On PostgreSQL (TEST_DB_KIND=postgres) truly in parallel; on PGlite serialised, with
 * the same assertions.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('receipt numbers', () => {
  it('20 payments at once: 20 different numbers in a row, no gap, the series at the last, one receipt mail each', async () => {
    const registration = (await catalogue(t.app))['dk-registration']?.id;
    const started = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const buyer = await signUpUser(t.app);
        const order = await checkout(t.app, buyer.token, {
          items: [{ product_id: registration, quantity: 1 }],
        });
        return { buyer, ...order };
      }),
    );
    const [before] = await t.app.db.select().from(receiptSequences).where(eq(receiptSequences.region, 'dk'));
    const first = (before?.lastNumber ?? 0) + 1;

    await Promise.all(started.map((order) => payInWindow(t.app, order.payment_url)));

    const paid = await t.app.db
      .select({ number: orders.receiptNumber, status: orders.status })
      .from(orders)
      .where(
        inArray(
          orders.id,
          started.map((order) => order.order_id),
        ),
      );
    expect(paid.every((order) => order.status === 'fulfilled')).toBe(true);
    const numbers = paid.map((order) => order.number ?? 0).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => first + index));
    const [after] = await t.app.db.select().from(receiptSequences).where(eq(receiptSequences.region, 'dk'));
    expect(after?.lastNumber).toBe(first + 19);

    const mails = await t.app.db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'webshop_receipt'));
    for (const { buyer } of started) {
      expect(mails.filter((mail) => mail.to === buyer.email)).toHaveLength(1);
    }
  }, 90_000);
});
