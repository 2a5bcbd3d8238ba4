import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { enqueueMail, type OutgoingMail } from './outbox.ts';
import { type MailMessage, type MailTransport, PermanentMailError } from './transport.ts';
import { createMailWorker, defaultBackoffSeconds } from './worker.ts';

/** A transport that records what it is handed and fails on demand. */
function fakeTransport() {
  const sent: MailMessage[] = [];
  const failures: Error[] = [];
  const transport: MailTransport = {
    name: 'fake',
    async send(message) {
      const failure = failures.shift();
      if (failure) throw failure;
      sent.push(message);
    },
    close: async () => {},
  };
  return { transport, sent, failures };
}

const mail = (to: string, subject = 'Bekræft din e-mail'): OutgoingMail => ({
  to,
  language: 'da',
  template: 'email_verification',
  subject,
  text: `Følg linket: http://localhost:3000/verify-email?code=${to.length}`,
  html: '<p>Følg linket</p>',
});

describe('mail worker', () => {
  let t: TestApp;
  const fake = fakeTransport();
  beforeAll(async () => {
    t = await createTestApp({ mailTransport: fake.transport });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.db.delete(mailOutbox);
    fake.sent.length = 0;
    fake.failures.length = 0;
  });

  function worker(backoffSeconds = (_failures: number) => 0, maxAttempts = 3) {
    return createMailWorker({
      db: t.database.db,
      transport: fake.transport,
      from: 'Cykelregister <noreply@example.org>',
      logger: t.app.log,
      backoffSeconds,
      maxAttempts,
    });
  }

  it('delivers every pending mail once, from the configured sender', async () => {
    await enqueueMail(t.database.db, mail('a@example.org'));
    await enqueueMail(t.database.db, mail('b@example.org'));
    const first = await worker().runOnce();
    expect(first).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(fake.sent.map((message) => message.to).sort()).toEqual(['a@example.org', 'b@example.org']);
    expect(fake.sent[0]?.from).toBe('Cykelregister <noreply@example.org>');

    const again = await worker().runOnce();
    expect(again).toEqual({ sent: 0, retried: 0, failed: 0 });
    const rows = await t.database.db.select().from(mailOutbox);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1 && row.sentAt !== null)).toBe(
      true,
    );
  });

  it('keeps no body, subject or link of a delivered or abandoned mail, only what operations need', async () => {
    const secret = 'reset-secret-4711';
    await enqueueMail(t.database.db, {
      ...mail('scrub@example.org', 'Nulstil din adgangskode, Anna Hansen'),
      template: 'password_reset',
      text: `Hej Anna Hansen\nhttp://localhost:3000/reset-password?code=${secret}`,
      html: `<p>Hej Anna Hansen</p><a href="http://localhost:3000/reset-password?code=${secret}">Nulstil</a>`,
    });
    await enqueueMail(t.database.db, mail('gone@example.org'));
    // The second mail is refused for good: it is scrubbed as well.
    const refusing = {
      ...fake.transport,
      async send(message: MailMessage) {
        if (message.to === 'gone@example.org') throw new PermanentMailError('550 no such mailbox');
        return fake.transport.send(message);
      },
    };
    const report = await createMailWorker({
      db: t.database.db,
      transport: refusing,
      from: 'noreply@example.org',
      logger: t.app.log,
    }).runOnce();
    expect(report).toEqual({ sent: 1, retried: 0, failed: 1 });
    expect(fake.sent[0]?.text).toContain(secret);

    const rows = await t.database.db.select().from(mailOutbox);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      // Every column, as stored: nothing may still carry a link, a code or the body.
      const stored = JSON.stringify(Object.values(row));
      expect(stored).not.toMatch(/https?:\/\//);
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain('Anna Hansen');
      expect(stored).not.toContain('Følg linket');
    }
    const sent = rows.find((row) => row.status === 'sent')!;
    expect(sent).toMatchObject({ to: 'scrub@example.org', template: 'password_reset', attempts: 1 });
    expect(sent.sentAt).not.toBeNull();
    expect(rows.find((row) => row.status === 'failed')).toMatchObject({
      to: 'gone@example.org',
      template: 'email_verification',
      lastError: '550 no such mailbox',
    });
  });

  it('leaves no row at all of a mail marked forget-after-delivery (the goodbye of a deleted account)', async () => {
    await enqueueMail(t.database.db, { ...mail('goodbye@example.org'), forgetAfterDelivery: true });
    await enqueueMail(t.database.db, mail('stays@example.org'));
    expect(await worker().runOnce()).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(fake.sent.map((message) => message.to).sort()).toEqual([
      'goodbye@example.org',
      'stays@example.org',
    ]);
    const rows = await t.database.db.select().from(mailOutbox);
    expect(rows.map((row) => row.to)).toEqual(['stays@example.org']);
  });

  it('retries a failed delivery after its back-off and records the error', async () => {
    await enqueueMail(t.database.db, mail('retry@example.org'));
    fake.failures.push(new Error('connection timed out'));
    const slow = worker(() => 3600);
    expect(await slow.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const [waiting] = await t.database.db.select().from(mailOutbox);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastError: 'connection timed out' });
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    // Not due yet: nothing happens.
    expect(await slow.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });

    await t.database.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    expect(await slow.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const [delivered] = await t.database.db.select().from(mailOutbox);
    expect(delivered).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('gives up after the last attempt, and at once on a permanent refusal', async () => {
    await enqueueMail(t.database.db, mail('flaky@example.org'));
    fake.failures.push(new Error('451 try later'), new Error('451 try later'), new Error('451 try later'));
    const quick = worker(() => 0, 3);
    // One pass is one attempt per due mail.
    expect(await quick.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(await quick.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(await quick.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(await quick.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });

    await enqueueMail(t.database.db, mail('unknown@example.org'));
    fake.failures.push(new PermanentMailError('550 no such mailbox'));
    expect(await quick.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });

    const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'failed'));
    expect(rows.map((row) => [row.to, row.attempts]).sort()).toEqual([
      ['flaky@example.org', 3],
      ['unknown@example.org', 1],
    ]);
    expect(fake.sent).toHaveLength(0);
  });

  it('never hands the same mail to two workers running at once', async () => {
    for (let i = 0; i < 30; i += 1) await enqueueMail(t.database.db, mail(`m${i}@example.org`));
    const reports = await Promise.all([worker().runOnce(), worker().runOnce(), worker().runOnce()]);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(30);
    expect(new Set(fake.sent.map((message) => message.to)).size).toBe(30);
    expect(fake.sent).toHaveLength(30);
  });

  it('does not send a mail another worker took over after this one’s lease ran out', async () => {
    for (const to of ['l1@example.org', 'l2@example.org', 'l3@example.org']) {
      await enqueueMail(t.database.db, mail(to));
    }
    // A slow SMTP server: each mail takes as long as the whole batch's one-second lease.
    const slowSent: string[] = [];
    const slow = createMailWorker({
      db: t.database.db,
      transport: {
        name: 'slow',
        async send(message) {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          slowSent.push(message.to);
        },
        close: async () => {},
      },
      from: 'noreply@example.org',
      logger: t.app.log,
      leaseSeconds: 1,
    });
    const slowRun = slow.runOnce();
    // Once the batch's lease has run out, another instance claims what the slow one has not sent.
    await new Promise((resolve) => setTimeout(resolve, 1400));
    await worker().runOnce();
    await slowRun;
    const everySend = [...slowSent, ...fake.sent.map((message) => message.to)].sort();
    expect(everySend).toEqual(['l1@example.org', 'l2@example.org', 'l3@example.org']);
    const rows = await t.database.db.select().from(mailOutbox);
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
  });

  it('polls on its own once started, and stops cleanly', async () => {
    const polling = createMailWorker({
      db: t.database.db,
      transport: fake.transport,
      from: 'noreply@example.org',
      logger: t.app.log,
      intervalMs: 20,
    });
    polling.start();
    await enqueueMail(t.database.db, mail('later@example.org'));
    await expect.poll(() => fake.sent.length, { timeout: 5000 }).toBe(1);
    await polling.stop();
  });

  it('backs off from 30 seconds, doubling, up to an hour', () => {
    expect([1, 2, 3, 4, 8, 9, 20].map(defaultBackoffSeconds)).toEqual([30, 60, 120, 240, 3600, 3600, 3600]);
  });
});
