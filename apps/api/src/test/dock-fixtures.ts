import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/client.ts';
import { lockDevices, lockParkings, locks } from '../db/schema/docks.ts';
import { uuidv7 } from '../platform/ids.ts';
import { bearer, type TestUser } from './identity-helpers.ts';
import {
  createBusiness,
  createVettedOrganisation,
  signUpStaff,
  signUpVerifiedUser,
} from './organisation-helpers.ts';

/*
 * Docks for API tests (issue 28): an operator organisation and its admin acting for it, made through
 * the API; docks through POST /api/docks; lock devices, locks and parkings straight in the database,
 * as a paired device that reported its connectors and a person who locked a bike would leave them
 * (pairing and locking are tested through their own routes).
 */

export interface TestOperator {
  organisationId: string;
  /** Its admin, signed in acting for it. */
  admin: TestUser;
}

/** Acts for the organisation from now on: answers the new token (also stored on the user). */
export async function actFor(app: FastifyInstance, user: TestUser, partyId: string): Promise<string> {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/identities/authentications/acting-party',
    headers: bearer(user.token),
    payload: { party_id: partyId },
  });
  if (response.statusCode !== 200)
    throw new Error(`acting-party answered ${response.statusCode}: ${response.body}`);
  user.token = response.json<{ authentication_token: string }>().authentication_token;
  return user.token;
}

/** A business (a housing association, an employer…) whose verified admin acts for it. */
export async function businessOperator(app: FastifyInstance, name = 'Dock Drift ApS'): Promise<TestOperator> {
  const admin = await signUpVerifiedUser(app, 'dock-admin');
  const organisationId = await createBusiness(app, admin, name);
  await actFor(app, admin, organisationId);
  return { organisationId, admin };
}

/** A municipality (it may take bikes in for their owners), its first admin acting for it. */
export async function municipalityOperator(
  app: FastifyInstance,
  name = 'Dock Kommune',
): Promise<TestOperator> {
  const staff = await signUpStaff(app, 'admin');
  const { partyId, member } = await createVettedOrganisation(app, staff.token, 'municipality', name);
  return { organisationId: partyId, admin: member };
}

export function dockBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Banegården',
    region: 'dk',
    street_address: 'Banegårdspladsen 1',
    postcode: '8000',
    town: 'Aarhus C',
    latitude: 56.15,
    longitude: 10.2,
    access: 'signed_in',
    ...overrides,
  };
}

/** POST /api/docks as the operator; fails unless 201. Answers the dock's id. */
export async function createDock(
  app: FastifyInstance,
  operator: TestOperator,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/docks',
    headers: bearer(operator.admin.token),
    payload: dockBody(overrides),
  });
  if (response.statusCode !== 201)
    throw new Error(`POST /api/docks answered ${response.statusCode}: ${response.body}`);
  return response.json<{ dock: { id: string } }>().dock.id;
}

/**
 * A paired device of the dock with one lock per label (connectors 1…n), as it is once it connected
 * and reported: online unless `online` is false (not heard from, no socket). Answers the lock ids.
 */
export async function insertDeviceWithLocks(
  db: Executor,
  dockId: string,
  labels: readonly string[],
  options: { online?: boolean; status?: string } = {},
): Promise<{ deviceId: string; lockIds: string[] }> {
  const now = new Date();
  const online = options.online ?? true;
  const deviceId = uuidv7();
  await db.insert(lockDevices).values({
    id: deviceId,
    dockId,
    pairedAt: now,
    passwordHash: 'not-used-in-these-tests',
    lastSeenAt: online ? now : null,
    connectedInstance: online ? 'test-instance' : null,
    connectedAt: online ? now : null,
  });
  const lockIds = labels.map(() => uuidv7());
  if (labels.length > 0) {
    await db.insert(locks).values(
      labels.map((label, index) => ({
        id: lockIds[index]!,
        dockId,
        deviceId,
        connectorId: index + 1,
        label,
        reportedStatus: options.status ?? 'Available',
        reportedAt: now,
      })),
    );
  }
  return { deviceId, lockIds };
}

/** An open parking: the person's bike locked in the lock since `lockedAt` (the lock reports Locked). */
export async function insertParking(
  db: Executor,
  values: { dockId: string; lockId: string; partyId: string; bikeId: string | null; lockedAt?: Date },
): Promise<string> {
  const id = uuidv7();
  await db.insert(lockParkings).values({
    id,
    dockId: values.dockId,
    lockId: values.lockId,
    partyId: values.partyId,
    bikeId: values.bikeId,
    lockedAt: values.lockedAt ?? new Date(),
  });
  await db.update(locks).set({ reportedStatus: 'Locked' }).where(eq(locks.id, values.lockId));
  return id;
}
