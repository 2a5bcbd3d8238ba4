import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type ApiKeyCreated,
  WEBHOOK_HEADERS,
  type WebhookDelivery,
  type WebhookOverview,
  type WebhookSaved,
} from '@nbr/domain/checks';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import {
  organisationBikeChecks,
  organisationWebhookAttempts,
  organisationWebhookEvents,
  organisationWebhooks,
} from '../../db/schema/organisations.ts';
import { loadFieldEncryption } from '../../platform/crypto/field-encryption.ts';
import { verifyWebhookSignature } from '../../platform/crypto/webhook-signature.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, injectAs, signUpUser, type TestUser, uniqueEmail } from '../../test/identity-helpers.ts';
import {
  createBusiness,
  createVettedOrganisation,
  joinByInvitation,
  signUpStaff,
  signUpVerifiedUser,
} from '../../test/organisation-helpers.ts';
import { switchInto } from '../../test/role-fixtures.ts';
import { ownerWithBike, reportStolen } from '../../test/theft-report-fixtures.ts';
import {
  createWebhookDeliveryPass,
  WEBHOOK_EVENTS_KEPT_DAYS,
  WEBHOOK_MAX_ATTEMPTS,
} from './organisation-webhooks.notifier.ts';

/*
 * Issue 32 §1: a checked identifier that is reported stolen within 30 days is pushed to the
 * organisation's signed webhook, retried with backoff, each event delivered at least once with an id.
 * Its admins set the webhook (the secret shown once), rotate and remove it, send a test event and
 * resend a failed one; nobody else may. The events never hold anything of the owner.
 */

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local receiver: records what it gets and answers the next queued status (204 when none). */
function startReceiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.statusCode = statuses.shift() ?? 204;
      response.end(response.statusCode >= 300 ? 'Ejersen Ejervej 1 — never kept' : '');
    });
  });
  return new Promise<{ url: string; received: Received[]; statuses: number[]; close(): Promise<void> }>(
    (resolve) => {
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        resolve({
          url: `http://127.0.0.1:${port}/hooks/nbr`,
          received,
          statuses,
          close: () => new Promise((done) => server.close(() => done())),
        });
      });
    },
  );
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

const webhookUrl = (organisationId: string) => `/api/organisations/${organisationId}/webhook`;

async function setWebhook(app: FastifyInstance, admin: TestUser, organisationId: string, url: string) {
  const response = await injectAs(app, admin.token, 'PUT', webhookUrl(organisationId), { url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WebhookSaved>();
}

async function createKey(app: FastifyInstance, admin: TestUser, organisationId: string): Promise<string> {
  const response = await injectAs(app, admin.token, 'POST', `/api/organisations/${organisationId}/api-keys`, {
    name: 'Screening',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ApiKeyCreated>().secret;
}

async function check(app: FastifyInstance, key: string, identifier: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/checks',
    headers: bearer(key),
    payload: { identifiers: [identifier] },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('organisation webhooks', () => {
  let t: TestApp;
  let receiver: Receiver;
  let admin: TestUser;
  let organisationId: string;
  let key: string;
  let secret: string;

  beforeAll(async () => {
    t = await createTestApp();
    receiver = await startReceiver();
    admin = await signUpVerifiedUser(t.app, 'hook-admin');
    organisationId = await createBusiness(t.app, admin, 'Brugtcykler ApS');
    key = await createKey(t.app, admin, organisationId);
    const saved = await setWebhook(t.app, admin, organisationId, receiver.url);
    secret = saved.secret ?? '';
  });

  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  beforeEach(() => {
    receiver.received.length = 0;
    receiver.statuses.length = 0;
  });

  async function eventsOf(partyId: string, theftReportId?: string) {
    return t.database.db
      .select()
      .from(organisationWebhookEvents)
      .where(
        and(
          eq(organisationWebhookEvents.organisationPartyId, partyId),
          ...(theftReportId ? [eq(organisationWebhookEvents.theftReportId, theftReportId)] : []),
        ),
      );
  }

  async function attemptsOf(eventIds: string[]) {
    return t.database.db
      .select()
      .from(organisationWebhookAttempts)
      .where(inArray(organisationWebhookAttempts.eventId, eventIds))
      .orderBy(organisationWebhookAttempts.attemptedAt);
  }

  it('shows the secret once, keeps it sealed, keeps it when the address changes and rotates it', async () => {
    expect(secret).toMatch(/^nbr_whsec_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.db
      .select()
      .from(organisationWebhooks)
      .where(eq(organisationWebhooks.organisationPartyId, organisationId));
    expect(JSON.stringify(row)).not.toContain(secret);

    const shown = await injectAs(t.app, admin.token, 'GET', webhookUrl(organisationId));
    expect(shown.statusCode, shown.body).toBe(200);
    const overview = shown.json<WebhookOverview>();
    expect(overview.webhook).toMatchObject({ url: receiver.url, secret_hint: secret.slice(0, 14) });
    expect(shown.body).not.toContain(secret);

    const moved = await setWebhook(t.app, admin, organisationId, `${receiver.url}?moved=1`);
    expect(moved.secret).toBeNull();
    await setWebhook(t.app, admin, organisationId, receiver.url);

    const rotated = await injectAs(t.app, admin.token, 'POST', `${webhookUrl(organisationId)}/secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json<WebhookSaved>().secret ?? '';
    expect(fresh).toMatch(/^nbr_whsec_/);
    expect(fresh).not.toBe(secret);
    secret = fresh;

    const audited = await t.database.db
      .select({ action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.targetPartyId, organisationId));
    const actions = audited.map((event) => event.action);
    expect(actions).toContain('organisation.webhook_set');
    expect(actions).toContain('organisation.webhook_secret_rotated');
    expect(JSON.stringify(audited)).not.toContain(secret);
  });

  it('refuses an address that is not https on the public internet, and changes nothing', async () => {
    for (const url of [
      'http://example.com/hook',
      'https://10.0.0.7/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd00::1]/hook',
      'https://192.168.1.1/hook',
    ]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `${webhookUrl(organisationId)}?lang=en`,
        headers: bearer(admin.token),
        payload: { url },
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(422);
      expect(response.json().detail).toEqual([
        { loc: ['body', 'url'], msg: expect.stringContaining('https'), type: 'webhook_url_not_allowed' },
      ]);
    }
    const invalid = await injectAs(t.app, admin.token, 'PUT', webhookUrl(organisationId), { url: 'ftp://x' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().detail[0].loc).toEqual(['body', 'url']);
    const overview = (
      await injectAs(t.app, admin.token, 'GET', webhookUrl(organisationId))
    ).json<WebhookOverview>();
    expect(overview.webhook?.url).toBe(receiver.url);
  });

  it("refuses another organisation's admin, a member who is not admin, a plain user and a visitor", async () => {
    const [failed] = await t.database.db
      .insert(organisationWebhookEvents)
      .values({
        id: crypto.randomUUID(),
        organisationPartyId: organisationId,
        type: 'webhook.test',
        payload: {},
        status: 'failed',
      })
      .returning();
    const otherAdmin = await signUpVerifiedUser(t.app, 'other-hook-admin');
    const otherOrganisation = await createBusiness(t.app, otherAdmin, 'Andre Cykler ApS');
    const member = await signUpUser(t.app, { email: uniqueEmail('hook-member') });
    await joinByInvitation(t.app, admin.token, organisationId, member);
    const plain = await signUpUser(t.app, { email: uniqueEmail('hook-plain') });
    const base = webhookUrl(organisationId);
    const attempts = (token: string | null) => [
      injectAs(t.app, token, 'GET', base),
      injectAs(t.app, token, 'PUT', base, { url: 'http://127.0.0.1:9/mine' }),
      injectAs(t.app, token, 'DELETE', base),
      injectAs(t.app, token, 'POST', `${base}/secret`),
      injectAs(t.app, token, 'POST', `${base}/test`),
      injectAs(t.app, token, 'POST', `${base}/deliveries/${failed?.id}/resend`),
    ];
    for (const [token, status] of [
      [otherAdmin.token, 404],
      [plain.token, 404],
      [member.token, 403],
      [null, 401],
    ] as const) {
      for (const response of await Promise.all(attempts(token))) {
        expect(response.statusCode, `${status}: ${response.body}`).toBe(status);
      }
    }
    const staff = await signUpStaff(t.app, 'support');
    const switched = await switchInto(t.app, staff.token, admin.partyId);
    const rotate = await injectAs(t.app, switched, 'POST', `${base}/secret`);
    expect(rotate.statusCode, rotate.body).toBe(403);
    // The other admin's own organisation has no webhook; nothing of this one changed.
    const own = await injectAs(t.app, otherAdmin.token, 'GET', webhookUrl(otherOrganisation));
    expect(own.json<WebhookOverview>()).toEqual({ webhook: null, deliveries: [] });
    const overview = (await injectAs(t.app, admin.token, 'GET', base)).json<WebhookOverview>();
    expect(overview.webhook).toMatchObject({ url: receiver.url, secret_hint: secret.slice(0, 14) });
    expect(overview.deliveries.find((event) => event.event_id === failed?.id)?.status).toBe('failed');
    expect(
      overview.deliveries.some((event) => event.type === 'webhook.test' && event.status === 'pending'),
    ).toBe(false);
  });

  it('makes one event per organisation that checked the bike and has a webhook, with nothing of the owner', async () => {
    const staffAdmin = await signUpStaff(t.app, 'admin');
    const police = await createVettedOrganisation(t.app, staffAdmin.token, 'police', 'Fyns Politi');
    const policeKey = await createKey(t.app, police.member, police.partyId);
    await setWebhook(t.app, police.member, police.partyId, `${receiver.url}/police`);
    // A third organisation checks too, but has no webhook: nothing for it.
    const quietAdmin = await signUpVerifiedUser(t.app, 'quiet-admin');
    const quiet = await createBusiness(t.app, quietAdmin, 'Stille Cykler ApS');
    const quietKey = await createKey(t.app, quietAdmin, quiet);

    const { owner, bikeId, frameNumber } = await ownerWithBike(t.app);
    const sent = frameNumber.toLowerCase();
    await check(t.app, key, sent);
    await check(t.app, key, frameNumber); // checked twice: still one event
    await check(t.app, policeKey, frameNumber);
    await check(t.app, quietKey, frameNumber);

    const report = await reportStolen(t.app, owner.token, bikeId);
    const [business] = await eventsOf(organisationId, report.report_id);
    const policeEvents = await eventsOf(police.partyId, report.report_id);
    expect(policeEvents).toHaveLength(1);
    expect(await eventsOf(quiet)).toHaveLength(0);
    expect(business).toMatchObject({ type: 'bike.reported_stolen', status: 'pending' });
    expect(business?.payload).toEqual({
      identifier: frameNumber,
      status: 'stolen',
      reported_at: expect.any(String),
    });
    expect(policeEvents[0]?.payload).toEqual({
      identifier: frameNumber,
      status: 'stolen',
      reported_at: expect.any(String),
      case_reference: report.report_id,
      stolen_since: expect.any(String),
    });

    await t.app.webhookDelivery.runOnce();
    const delivered = receiver.received.filter((entry) => entry.headers[WEBHOOK_HEADERS.id] === business?.id);
    expect(delivered).toHaveLength(1);
    const body = delivered[0]?.body ?? '';
    expect(JSON.parse(body)).toEqual({
      id: business?.id,
      type: 'bike.reported_stolen',
      created_at: expect.any(String),
      data: business?.payload,
    });
    for (const needle of [owner.email, owner.partyId, bikeId, 'Ejersen', 'Ejervej', 'Byhesten']) {
      expect(body).not.toContain(needle);
    }
    expect(body).not.toMatch(/owner|email|address|picture|name/i);
  });

  it('makes no event for an organisation suspended since its check', async () => {
    const suspendedAdmin = await signUpVerifiedUser(t.app, 'suspended-hook-admin');
    const suspended = await createBusiness(t.app, suspendedAdmin, 'Suspenderet Marked ApS');
    const suspendedKey = await createKey(t.app, suspendedAdmin, suspended);
    await setWebhook(t.app, suspendedAdmin, suspended, `${receiver.url}/suspended`);
    const { owner, bikeId, frameNumber } = await ownerWithBike(t.app);
    await check(t.app, suspendedKey, frameNumber);
    await check(t.app, key, frameNumber);
    const staffAdmin = await signUpStaff(t.app, 'admin');
    const suspend = await injectAs(
      t.app,
      staffAdmin.token,
      'POST',
      `/api/backoffice/organisations/${suspended}/suspend`,
      {
        reason: 'Issue 32 test',
      },
    );
    expect(suspend.statusCode, suspend.body).toBe(200);
    const report = await reportStolen(t.app, owner.token, bikeId);
    expect(await eventsOf(suspended, report.report_id)).toHaveLength(0);
    expect(await eventsOf(organisationId, report.report_id)).toHaveLength(1);
  });

  it('makes no event for a check 31 days before the report', async () => {
    const { owner, bikeId, frameNumber } = await ownerWithBike(t.app);
    await check(t.app, key, frameNumber);
    await t.database.db
      .update(organisationBikeChecks)
      .set({ checkedAt: new Date(Date.now() - 31 * 24 * 3600_000) })
      .where(eq(organisationBikeChecks.bikeId, bikeId));
    const report = await reportStolen(t.app, owner.token, bikeId);
    expect(await eventsOf(organisationId, report.report_id)).toHaveLength(0);
  });

  it('signs each delivery over timestamp.body with the secret, with the event id', async () => {
    const sent = await injectAs(t.app, admin.token, 'POST', `${webhookUrl(organisationId)}/test`);
    expect(sent.statusCode, sent.body).toBe(202);
    const event = sent.json<WebhookDelivery>();
    await t.app.webhookDelivery.runOnce();
    const [delivery] = receiver.received.filter(
      (entry) => entry.headers[WEBHOOK_HEADERS.id] === event.event_id,
    );
    if (!delivery) throw new Error('the test event did not arrive');
    const timestamp = String(delivery.headers[WEBHOOK_HEADERS.timestamp]);
    const signature = String(delivery.headers[WEBHOOK_HEADERS.signature]);
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(300);
    expect(verifyWebhookSignature(secret, timestamp, delivery.body, signature)).toBe(true);
    expect(verifyWebhookSignature(secret, timestamp, `${delivery.body} `, signature)).toBe(false);
    expect(verifyWebhookSignature(`${secret}x`, timestamp, delivery.body, signature)).toBe(false);
    const overview = (
      await injectAs(t.app, admin.token, 'GET', webhookUrl(organisationId))
    ).json<WebhookOverview>();
    expect(overview.deliveries.find((entry) => entry.event_id === event.event_id)).toMatchObject({
      type: 'webhook.test',
      status: 'delivered',
      attempts: 1,
      last_http_status: 204,
      last_error: null,
      next_attempt_at: null,
    });
  });

  it('delivers each event once when two instances race for the outbox', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      const response = await injectAs(t.app, admin.token, 'POST', `${webhookUrl(organisationId)}/test`);
      ids.push(response.json<WebhookDelivery>().event_id);
    }
    const encryption = await loadFieldEncryption({
      key: t.config.dataEncryptionKey,
      acceptedKeys: t.config.dataEncryptionAcceptedKeys,
      dataDir: t.config.dataDir,
    });
    const silent = { info() {}, warn() {}, error() {} };
    const instances = [0, 1].map(() =>
      createWebhookDeliveryPass({
        db: t.database.db,
        encryption,
        outbound: { allowLoopback: true },
        logger: silent,
        batchSize: 3,
      }),
    );
    await Promise.all(instances.map((instance) => instance.runOnce()));
    const arrived = receiver.received.map((entry) => String(entry.headers[WEBHOOK_HEADERS.id]));
    expect(arrived.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    expect(await attemptsOf(ids)).toHaveLength(ids.length);
    const [pending] = await t.database.db
      .select({ n: count() })
      .from(organisationWebhookEvents)
      .where(
        and(inArray(organisationWebhookEvents.id, ids), eq(organisationWebhookEvents.status, 'delivered')),
      );
    expect(pending?.n).toBe(ids.length);
  });

  it('retries a receiver that fails twice with backoff, then marks the event delivered', async () => {
    const sent = await injectAs(t.app, admin.token, 'POST', `${webhookUrl(organisationId)}/test`);
    const eventId = sent.json<WebhookDelivery>().event_id;
    receiver.statuses.push(500, 503);
    const start = Date.now();
    await t.app.webhookDelivery.runOnce(new Date(start));
    let [row] = await eventsOfId(eventId);
    expect(row).toMatchObject({ status: 'pending', tries: 1 });
    // 30 s ± 20 %: not due a second later, due a minute later.
    expect(row!.nextAttemptAt.getTime() - start).toBeGreaterThanOrEqual(24_000);
    expect(row!.nextAttemptAt.getTime() - start).toBeLessThanOrEqual(36_000);
    await t.app.webhookDelivery.runOnce(new Date(start + 1000));
    expect(receiver.received).toHaveLength(1);
    await t.app.webhookDelivery.runOnce(new Date(start + 60_000));
    [row] = await eventsOfId(eventId);
    expect(row).toMatchObject({ status: 'pending', tries: 2 });
    await t.app.webhookDelivery.runOnce(new Date(start + 10 * 60_000));
    [row] = await eventsOfId(eventId);
    expect(row).toMatchObject({ status: 'delivered', tries: 3 });
    expect(receiver.received.map((entry) => entry.headers[WEBHOOK_HEADERS.id])).toEqual([
      eventId,
      eventId,
      eventId,
    ]);
    const attempts = await attemptsOf([eventId]);
    expect(attempts.map((attempt) => [attempt.httpStatus, attempt.errorKind])).toEqual([
      [500, 'http_status'],
      [503, 'http_status'],
      [204, null],
    ]);
    // The receiver's answer is never kept.
    expect(JSON.stringify(attempts)).not.toContain('Ejersen');
  });

  it('deletes delivered and failed events after WEBHOOK_EVENTS_KEPT_DAYS with their attempts, and keeps newer ones and pending ones', async () => {
    const day = 86_400_000;
    const event = (ageDays: number, status: string) => {
      const createdAt = new Date(Date.now() - ageDays * day);
      return {
        id: uuidv7(createdAt.getTime()),
        organisationPartyId: organisationId,
        type: 'webhook.test',
        payload: {},
        status,
        createdAt,
        nextAttemptAt: status === 'pending' ? new Date(Date.now() + day) : createdAt,
      };
    };
    const oldDelivered = event(WEBHOOK_EVENTS_KEPT_DAYS + 1, 'delivered');
    const oldFailed = event(WEBHOOK_EVENTS_KEPT_DAYS + 2, 'failed');
    const oldPending = event(WEBHOOK_EVENTS_KEPT_DAYS + 1, 'pending');
    const recentDelivered = event(WEBHOOK_EVENTS_KEPT_DAYS - 1, 'delivered');
    await t.database.db
      .insert(organisationWebhookEvents)
      .values([oldDelivered, oldFailed, oldPending, recentDelivered]);
    await t.database.db.insert(organisationWebhookAttempts).values({
      id: uuidv7(),
      eventId: oldDelivered.id,
      attemptedAt: oldDelivered.createdAt,
      httpStatus: 204,
      durationMs: 12,
    });

    const report = await t.app.webhookDelivery.runOnce();
    expect(report.deleted).toBeGreaterThanOrEqual(2);
    expect(await eventsOfId(oldDelivered.id)).toEqual([]);
    expect(await eventsOfId(oldFailed.id)).toEqual([]);
    expect(await attemptsOf([oldDelivered.id])).toEqual([]);
    expect(await eventsOfId(oldPending.id)).toHaveLength(1);
    expect(await eventsOfId(recentDelivered.id)).toHaveLength(1);
  });

  async function eventsOfId(id: string) {
    return t.database.db.select().from(organisationWebhookEvents).where(eq(organisationWebhookEvents.id, id));
  }

  it('marks an event failed after the last attempt; the admin resends it and it is delivered', async () => {
    const sent = await injectAs(t.app, admin.token, 'POST', `${webhookUrl(organisationId)}/test`);
    const eventId = sent.json<WebhookDelivery>().event_id;
    await t.database.db
      .update(organisationWebhookEvents)
      .set({ tries: WEBHOOK_MAX_ATTEMPTS - 1 })
      .where(eq(organisationWebhookEvents.id, eventId));
    receiver.statuses.push(500);
    await t.app.webhookDelivery.runOnce();
    expect((await eventsOfId(eventId))[0]?.status).toBe('failed');

    const resendUrl = `${webhookUrl(organisationId)}/deliveries/${eventId}/resend`;
    const resent = await injectAs(t.app, admin.token, 'POST', resendUrl);
    expect(resent.statusCode, resent.body).toBe(204);
    const again = await injectAs(t.app, admin.token, 'POST', resendUrl);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('webhook_delivery_not_failed');
    await t.app.webhookDelivery.runOnce();
    const overview = (
      await injectAs(t.app, admin.token, 'GET', webhookUrl(organisationId))
    ).json<WebhookOverview>();
    expect(overview.deliveries.find((entry) => entry.event_id === eventId)).toMatchObject({
      status: 'delivered',
      attempts: 2,
    });
  });

  it('lets the admin remove the webhook; an event waiting then fails without a request', async () => {
    const sent = await injectAs(t.app, admin.token, 'POST', `${webhookUrl(organisationId)}/test`);
    const eventId = sent.json<WebhookDelivery>().event_id;
    const removed = await injectAs(t.app, admin.token, 'DELETE', webhookUrl(organisationId));
    expect(removed.statusCode, removed.body).toBe(204);
    await t.app.webhookDelivery.runOnce();
    expect(receiver.received).toHaveLength(0);
    expect((await eventsOfId(eventId))[0]?.status).toBe('failed');
    expect((await attemptsOf([eventId]))[0]?.errorKind).toBe('no_webhook');
    const test = await injectAs(t.app, admin.token, 'POST', `${webhookUrl(organisationId)}/test`);
    expect(test.statusCode).toBe(409);
    expect(test.json().code).toBe('webhook_not_set');
    const overview = (
      await injectAs(t.app, admin.token, 'GET', webhookUrl(organisationId))
    ).json<WebhookOverview>();
    expect(overview.webhook).toBeNull();
  });
});
