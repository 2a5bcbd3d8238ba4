import { createHash } from 'node:crypto';
import type { OpeningHours } from '@nbr/domain/docks';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/client.ts';
import {
  dockAccessOrganisations,
  dockAccessPeople,
  docks,
  lockCommands,
  lockDevices,
  lockParkings,
  locks,
} from '../db/schema/docks.ts';
import { uuidv7 } from '../platform/ids.ts';
import { bearer, logIn, signUpUser, type TestUser } from './identity-helpers.ts';
import { insertOrganisation } from './role-fixtures.ts';

/*
 * Docks, operators and paired devices for the lock tests (issue 28). The dock row is inserted
 * directly (creating docks is the docks core's route); operators act for their organisation through
 * the API, and devices are paired through the API as a controller would.
 */

export interface TestOperator {
  organisationId: string;
  /** The organisation's admin, signed in acting for it. */
  admin: TestUser;
  /** A plain member of the organisation, acting for it (not an operator: members are not admins). */
  member: TestUser;
}

/** PUT /api/identities/authentications/acting-party: a new token acting for the party. */
export async function actFor(app: FastifyInstance, token: string, partyId: string): Promise<string> {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/identities/authentications/acting-party',
    headers: bearer(token),
    payload: { party_id: partyId },
  });
  if (response.statusCode !== 200)
    throw new Error(`acting-party answered ${response.statusCode}: ${response.body}`);
  return response.json<{ authentication_token: string }>().authentication_token;
}

/** An organisation running docks, its admin and a member each signed in acting for it. */
export async function createOperator(app: FastifyInstance, name = 'Dock Kommune'): Promise<TestOperator> {
  const [admin, member] = await Promise.all([signUpUser(app), signUpUser(app)]);
  const organisationId = await insertOrganisation(app.db, {
    name,
    type: 'municipality',
    members: [
      { partyId: admin.partyId, role: 'admin' },
      { partyId: member.partyId, role: 'member' },
    ],
  });
  admin.token = await actFor(app, admin.token, organisationId);
  member.token = await actFor(app, member.token, organisationId);
  return { organisationId, admin, member };
}

export async function insertDock(
  db: Executor,
  values: {
    operatorPartyId: string;
    access?: 'signed_in' | 'organisations' | 'people';
    openingHours?: OpeningHours;
    organisationIds?: string[];
    peopleEmails?: string[];
    region?: 'dk' | 'no';
  },
): Promise<string> {
  const id = uuidv7();
  await db.insert(docks).values({
    id,
    operatorPartyId: values.operatorPartyId,
    name: 'Test dock',
    region: values.region ?? 'dk',
    streetAddress: 'Banegårdspladsen 1',
    postcode: '8000',
    town: 'Aarhus C',
    latitude: 56.15,
    longitude: 10.2,
    openingHours: values.openingHours ?? null,
    access: values.access ?? 'signed_in',
    maxParkingHours: 72,
  });
  for (const organisationPartyId of values.organisationIds ?? []) {
    await db.insert(dockAccessOrganisations).values({ dockId: id, organisationPartyId });
  }
  for (const email of values.peopleEmails ?? []) {
    await db.insert(dockAccessPeople).values({ dockId: id, email });
  }
  return id;
}

/** A device slot of the dock through the API (the operator's); answers its id and pairing code. */
export async function createDeviceSlot(
  app: FastifyInstance,
  operatorToken: string,
  dockId: string,
): Promise<{ deviceId: string; code: string }> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/docks/${dockId}/devices`,
    headers: bearer(operatorToken),
  });
  if (response.statusCode !== 201)
    throw new Error(`device slot answered ${response.statusCode}: ${response.body}`);
  const body = response.json<{ device_id: string; code: string }>();
  return { deviceId: body.device_id, code: body.code };
}

/** A device paired with the dock through the API, as a controller pairs; answers its credentials. */
export async function pairTestDevice(
  app: FastifyInstance,
  operatorToken: string,
  dockId: string,
  connectors = 4,
): Promise<{ deviceId: string; password: string }> {
  const { code } = await createDeviceSlot(app, operatorToken, dockId);
  const response = await app.inject({
    method: 'POST',
    url: '/api/docks/devices/pairings',
    payload: { code, connectors },
  });
  if (response.statusCode !== 201)
    throw new Error(`pairing answered ${response.statusCode}: ${response.body}`);
  const body = response.json<{ device_id: string; password: string }>();
  return { deviceId: body.device_id, password: body.password };
}

export interface MatrixDock {
  dockId: string;
  lockId: string;
  /** A second device slot, unpaired, for a retiring request. */
  newDeviceId(): Promise<string>;
  /** Basic credentials of the dock's paired device. */
  deviceAuthorization: string;
  /** The organisation's admin, acting for it (the fixtures' org_admin). */
  operatorToken: string;
}

/**
 * The permission matrix's dock: a public dock of the fixtures' business (its admin acts for it), one
 * paired device with one lock, out of service, holding an open parking of `parkerPartyId`'s bike
 * with a command still underway, so every lock route reaches its rules without a device to answer.
 */
export async function insertMatrixDock(
  app: FastifyInstance,
  values: { organisationId: string; admin: TestUser; parkerPartyId: string; bikeId: string },
): Promise<MatrixDock> {
  const db = app.db;
  const dockId = await insertDock(db, { operatorPartyId: values.organisationId });
  const deviceId = uuidv7();
  const password = 'matrix-device-password';
  await db.insert(lockDevices).values({
    id: deviceId,
    dockId,
    pairedAt: new Date(),
    // As device-credentials.ts stores it (SHA-256 hex); tests reach modules through HTTP or facades only.
    passwordHash: createHash('sha256').update(password).digest('hex'),
  });
  const lockId = uuidv7();
  await db.insert(locks).values({
    id: lockId,
    dockId,
    deviceId,
    connectorId: 1,
    label: '1',
    reportedStatus: 'Locked',
    outOfServiceAt: new Date(),
  });
  await db.insert(lockParkings).values({
    id: uuidv7(),
    lockId,
    dockId,
    partyId: values.parkerPartyId,
    bikeId: values.bikeId,
    lockedAt: new Date(),
  });
  await db.insert(lockCommands).values({
    id: uuidv7(),
    lockId,
    deviceId,
    action: 'lock',
    requestedByPartyId: values.parkerPartyId,
    deadlineAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  return {
    dockId,
    lockId,
    newDeviceId: async () => {
      const id = uuidv7();
      await db.insert(lockDevices).values({ id, dockId });
      return id;
    },
    deviceAuthorization: `Basic ${Buffer.from(`${deviceId}:${password}`).toString('base64')}`,
    // A session of its own: choosing the acting party ends the session it was chosen in.
    operatorToken: await actFor(
      app,
      await logIn(app, values.admin.email, values.admin.password),
      values.organisationId,
    ),
  };
}
