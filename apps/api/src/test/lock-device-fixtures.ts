import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { lockDevices } from '../db/schema/docks.ts';
import { uuidv7 } from '../platform/ids.ts';
import {
  actFor,
  businessOperator,
  createDock,
  insertCommand,
  insertDeviceWithLocks,
  insertParking,
  type TestOperator,
} from './dock-fixtures.ts';
import { bearer, logIn, signUpUser, type TestUser } from './identity-helpers.ts';
import { joinByInvitation } from './organisation-helpers.ts';

/*
 * Lock devices for the lock tests (issue 28), on top of dock-fixtures.ts (operators and docks made
 * through the API): a plain member of the operator, devices paired through the API as a controller
 * pairs, and the permission matrix's dock.
 */

export interface LockOperator extends TestOperator {
  /** A member of the organisation who is not an admin, acting for it: not an operator. */
  member: TestUser;
}

/** A business running docks (dock-fixtures.ts businessOperator) and a plain member acting for it. */
export async function lockOperator(app: FastifyInstance): Promise<LockOperator> {
  const operator = await businessOperator(app);
  const member = await signUpUser(app);
  await joinByInvitation(app, operator.admin.token, operator.organisationId, member, 'member');
  return { ...operator, member };
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
  // A session of its own: choosing the acting party ends the session it was chosen in.
  const operatorSession = {
    ...values.admin,
    token: await logIn(app, values.admin.email, values.admin.password),
  };
  await actFor(app, operatorSession, values.organisationId);
  const dockId = await createDock(app, { organisationId: values.organisationId, admin: operatorSession });
  const password = 'matrix-device-password';
  const { deviceId, lockIds } = await insertDeviceWithLocks(db, dockId, ['1'], {
    online: false,
    outOfService: true,
    // As device-credentials.ts stores it (SHA-256 hex); tests reach modules through HTTP or facades only.
    passwordHash: createHash('sha256').update(password).digest('hex'),
  });
  const lockId = lockIds[0]!;
  await insertParking(db, { dockId, lockId, partyId: values.parkerPartyId, bikeId: values.bikeId });
  await insertCommand(
    db,
    { lockId, deviceId },
    {
      action: 'lock',
      requestedByPartyId: values.parkerPartyId,
      status: 'pending',
      at: new Date(),
      deadlineAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    },
  );
  return {
    dockId,
    lockId,
    newDeviceId: async () => {
      const id = uuidv7();
      await db.insert(lockDevices).values({ id, dockId });
      return id;
    },
    deviceAuthorization: `Basic ${Buffer.from(`${deviceId}:${password}`).toString('base64')}`,
    operatorToken: operatorSession.token,
  };
}
