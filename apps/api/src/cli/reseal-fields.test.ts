import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { identities } from '../db/schema/identity.ts';
import { insuranceHolderDetails } from '../db/schema/insurance.ts';
import { organisationWebhooks } from '../db/schema/organisations.ts';
import { keyId, loadFieldEncryption } from '../platform/crypto/field-encryption.ts';
import { registerBike, signUpOwner } from '../test/bike-api-helpers.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { bearer, type TestUser } from '../test/identity-helpers.ts';
import { appliedPolicy, createInsurer, DANISH_CHECKOUT } from '../test/insurance-helpers.ts';
import { createBusiness, signUpStaff, signUpVerifiedUser } from '../test/organisation-helpers.ts';
import { runResealFields } from './reseal-fields.ts';

/*
 * Issue 26: DATA_ENCRYPTION_KEY rotates. The holder's national id (the one encrypted field) was sealed
 * with the previous key; an instance on the new key with the previous one accepted still reveals it,
 * `npm run fields:reseal` seals it again, and then the new key alone reads it. An organisation's webhook
 * signing secret (issue 32 §1) is sealed again with it.
 */

const PREVIOUS_KEY = randomBytes(32).toString('base64');
const CURRENT_KEY = randomBytes(32).toString('base64');

let t: TestApp;
let support: TestUser;
let holderDetailsUrl: string;
let webhookSecret: string;
const others: FastifyInstance[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { DATA_ENCRYPTION_KEY: PREVIOUS_KEY } });
  const staffAdmin = await signUpStaff(t.app, 'admin');
  support = await signUpStaff(t.app, 'support');
  const insurer = await createInsurer(t.app, staffAdmin.token);
  const holder = await signUpOwner(t.app, 3);
  await t.app.db
    .update(identities)
    .set({ firstName: 'Hanne', lastName: 'Holder', streetAddress: 'Holdervej 1', zipCode: '5000' })
    .where(eq(identities.partyId, holder.partyId));
  const bike = (await registerBike(t.app, holder.token, { category: 'city', price: 8_000 })).bike_id;
  const policy = await appliedPolicy(t.app, holder.token, {
    insurer_party_id: insurer.partyId,
    coverage: 'bike_theft',
    number_of_bikes: 1,
    bike_ids: [bike],
  });
  holderDetailsUrl = `/api/insurance/policies/${policy.id}/holder-details`;
  const saved = await t.app.inject({
    method: 'PUT',
    url: holderDetailsUrl,
    headers: bearer(holder.token),
    payload: DANISH_CHECKOUT,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const admin = await signUpVerifiedUser(t.app, 'reseal-admin');
  const organisationId = await createBusiness(t.app, admin, 'Nøgleskifte ApS');
  const webhook = await t.app.inject({
    method: 'PUT',
    url: `/api/organisations/${organisationId}/webhook`,
    headers: bearer(admin.token),
    payload: { url: 'http://127.0.0.1:9/hook' },
  });
  expect(webhook.statusCode, webhook.body).toBe(200);
  webhookSecret = webhook.json<{ secret: string }>().secret;
}, 120_000);

afterAll(async () => {
  await Promise.all(others.map((app) => app.close()));
  await t?.close();
});

/** Another instance on the same database, with other data encryption keys. */
async function instanceWith(keys: Pick<Config, 'dataEncryptionKey' | 'dataEncryptionAcceptedKeys'>) {
  const app = await buildApp({
    config: { ...t.config, ...keys },
    database: t.database,
    signingKeys: t.app.authenticator.keys,
  });
  others.push(app);
  await app.ready();
  return app;
}

function reveal(app: FastifyInstance) {
  return app.inject({
    method: 'POST',
    url: `${holderDetailsUrl}/national-id-reveal`,
    headers: bearer(support.token),
    payload: { reason: 'Key rotation check' },
  });
}

async function sealedValue(): Promise<string> {
  const [row] = await t.app.db.select().from(insuranceHolderDetails);
  return row?.nationalIdEncrypted ?? '';
}

describe('a data encryption key rotation', () => {
  it('reveals a value sealed with the previous key on an instance that accepts it', async () => {
    expect((await sealedValue()).startsWith(`v1.${keyId(Buffer.from(PREVIOUS_KEY, 'base64'))}.`)).toBe(true);
    const rotated = await instanceWith({
      dataEncryptionKey: CURRENT_KEY,
      dataEncryptionAcceptedKeys: [PREVIOUS_KEY],
    });
    const response = await reveal(rotated);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().identitySocialNumber).toBe('0101901234');
  });

  it('seals it again with the current key (npm run fields:reseal), after which the previous key can go', async () => {
    const rotated = {
      ...t.config,
      dataEncryptionKey: CURRENT_KEY,
      dataEncryptionAcceptedKeys: [PREVIOUS_KEY],
    };
    const lines: string[] = [];
    const output = { log: (line: string) => lines.push(line) };
    expect(await runResealFields(rotated, t.database, output)).toBe(0);
    expect(await runResealFields(rotated, t.database, output)).toBe(0);
    const currentKeyId = keyId(Buffer.from(CURRENT_KEY, 'base64'));
    expect(lines).toEqual([
      `2 encrypted field(s) sealed again with key ${currentKeyId}; none is left under another key.`,
      `0 encrypted field(s) sealed again with key ${currentKeyId}; none is left under another key.`,
    ]);
    expect((await sealedValue()).startsWith(`v1.${currentKeyId}.`)).toBe(true);
    const [webhook] = await t.app.db.select().from(organisationWebhooks);
    expect(webhook?.secretSealed.startsWith(`v1.${currentKeyId}.`)).toBe(true);
    const currentKeyAlone = await loadFieldEncryption({
      key: CURRENT_KEY,
      acceptedKeys: [],
      dataDir: null,
    });
    expect(currentKeyAlone.decrypt(webhook?.secretSealed ?? '')).toBe(webhookSecret);
    const currentOnly = await instanceWith({
      dataEncryptionKey: CURRENT_KEY,
      dataEncryptionAcceptedKeys: [],
    });
    const response = await reveal(currentOnly);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().identitySocialNumber).toBe('0101901234');
  });
});
