import {
  type DockOrganisation,
  type DockSummary,
  isOpenAt,
  type LeftBehindParking,
  type LockHistoryEntry,
  type LockView,
  type OpeningHours,
  type OperatorDevice,
  type OperatorDock,
  type OperatorDockSummary,
  type OperatorLock,
} from '@nbr/domain/docks';
import type { Region } from '@nbr/domain/locale-values';
import type { OrganisationType } from '@nbr/domain/organisations';
import type {
  DeviceRow,
  DockAccessLists,
  DockRow,
  LockCommandRow,
  LockEventRow,
  LockWithFacts,
} from './docks.repository.ts';
import { displayLockState, isDeviceOnline } from './lock-state.ts';

/*
 * The one place docks' rows become answers, per audience: a person sees a lock's state and whether
 * it is their own parking, never whose it is; the operator sees occupancy, service marks and since
 * when a bike stands in a lock, never who parked it.
 */

const HOUR_MS = 60 * 60 * 1000;

/** Whether the dock is open now by its opening hours, in its region's time zone. */
export function isOpenNow(dock: DockRow, now: Date): boolean {
  return isOpenAt(dock.openingHours as OpeningHours, dock.region as Region, now);
}

/** Parked longer than the dock's limit and not handed over yet. */
export function isLeftBehind(dock: DockRow, lock: LockWithFacts, now: Date): boolean {
  const parking = lock.parking;
  if (!parking || parking.handedOverAt !== null) return false;
  return now.getTime() - parking.lockedAt.getTime() > dock.maxParkingHours * HOUR_MS;
}

/** The person's view of a dock (/app/docks): where, open now, free locks, their own parkings. */
export function presentDockSummary(
  dock: DockRow,
  locks: readonly LockWithFacts[],
  context: { operatorName: string; personPartyId: string; now: Date },
): DockSummary {
  const { now } = context;
  return {
    id: dock.id,
    name: dock.name,
    operator_name: context.operatorName,
    street_address: dock.streetAddress,
    postcode: dock.postcode,
    town: dock.town,
    latitude: dock.latitude,
    longitude: dock.longitude,
    access: dock.access as DockSummary['access'],
    opening_hours: dock.openingHours as OpeningHours,
    is_open_now: isOpenNow(dock, now),
    free_locks: locks.filter((lock) => displayLockState(lock, now) === 'free').length,
    total_locks: locks.length,
    my_locks: locks.filter((lock) => lock.parking?.partyId === context.personPartyId).length,
  };
}

/** A lock as a person sees it: is_mine and my_parking only for their own open parking. */
export function presentLockView(
  lock: LockWithFacts,
  context: { personPartyId: string; bikeNames: ReadonlyMap<string, string>; now: Date },
): LockView {
  const parking = lock.parking;
  const isMine = parking !== null && parking.partyId === context.personPartyId;
  return {
    id: lock.id,
    label: lock.label,
    state: displayLockState(lock, context.now),
    is_mine: isMine,
    my_parking:
      isMine && parking
        ? {
            bike_id: parking.bikeId,
            bike_name: parking.bikeId ? (context.bikeNames.get(parking.bikeId) ?? null) : null,
            locked_at: parking.lockedAt.toISOString(),
          }
        : null,
  };
}

/** A lock as its operator sees it: state, service mark, its open parking's id and age, never whose. */
export function presentOperatorLock(dock: DockRow, lock: LockWithFacts, now: Date): OperatorLock {
  return {
    id: lock.id,
    label: lock.label,
    device_id: lock.deviceId,
    connector_id: lock.connectorId,
    state: displayLockState(lock, now),
    reported_status: lock.reportedStatus,
    reported_at: lock.reportedAt?.toISOString() ?? null,
    out_of_service_at: lock.outOfServiceAt?.toISOString() ?? null,
    out_of_service_reason: lock.outOfServiceReason,
    parking_id: lock.parking?.id ?? null,
    parked_since: lock.parking?.lockedAt.toISOString() ?? null,
    is_left_behind: isLeftBehind(dock, lock, now),
  };
}

/** A dock on the operator's list: occupancy now, counted from the locks' display states. */
export function presentOperatorDockSummary(
  dock: DockRow,
  locks: readonly LockWithFacts[],
  now: Date,
): OperatorDockSummary {
  const states = locks.map((lock) => displayLockState(lock, now));
  return {
    id: dock.id,
    name: dock.name,
    region: dock.region as Region,
    street_address: dock.streetAddress,
    postcode: dock.postcode,
    town: dock.town,
    access: dock.access as OperatorDockSummary['access'],
    is_open_now: isOpenNow(dock, now),
    closed_at: dock.closedAt?.toISOString() ?? null,
    total_locks: locks.length,
    free_locks: states.filter((state) => state === 'free').length,
    parked_locks: locks.filter((lock) => lock.parking !== null).length,
    out_of_service_locks: states.filter((state) => state === 'out_of_service').length,
    offline_locks: states.filter((state) => state === 'offline').length,
    left_behind: locks.filter((lock) => isLeftBehind(dock, lock, now)).length,
  };
}

/** The dock's settings and access lists as the operator edits them. */
export function presentOperatorDock(
  dock: DockRow,
  access: DockAccessLists,
  organisationNames: ReadonlyMap<string, string>,
  now: Date,
): OperatorDock {
  return {
    id: dock.id,
    name: dock.name,
    region: dock.region as Region,
    street_address: dock.streetAddress,
    postcode: dock.postcode,
    town: dock.town,
    latitude: dock.latitude,
    longitude: dock.longitude,
    opening_hours: dock.openingHours as OpeningHours,
    is_open_now: isOpenNow(dock, now),
    access: dock.access as OperatorDock['access'],
    organisations: access.organisationIds
      .map((id) => ({ id, name: organisationNames.get(id) ?? '' }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    people: [...access.peopleEmails],
    max_parking_hours: dock.maxParkingHours,
    created_at: dock.createdAt.toISOString(),
    closed_at: dock.closedAt?.toISOString() ?? null,
  };
}

/** A device of the dock: paired or waiting for its code, last heard, online, retired. */
export function presentOperatorDevice(device: DeviceRow, now: Date): OperatorDevice {
  return {
    id: device.id,
    paired_at: device.pairedAt?.toISOString() ?? null,
    pairing_code_expires_at:
      device.pairedAt === null && device.pairingCodeHash !== null
        ? (device.pairingCodeExpiresAt?.toISOString() ?? null)
        : null,
    vendor: device.vendor,
    model: device.model,
    serial_number: device.serialNumber,
    firmware_version: device.firmwareVersion,
    last_seen_at: device.lastSeenAt?.toISOString() ?? null,
    is_online:
      device.retiredAt === null &&
      isDeviceOnline({ lastSeenAt: device.lastSeenAt, connected: device.connectedInstance !== null }, now),
    retired_at: device.retiredAt?.toISOString() ?? null,
  };
}

/** Keys of an event's detail that could name a person: never shown, whatever a writer put there. */
const PERSONAL_DETAIL_KEYS = new Set([
  'party_id',
  'person_party_id',
  'email',
  'name',
  'requested_by_party_id',
]);

function withoutPersonalKeys(detail: unknown): Record<string, unknown> {
  if (typeof detail !== 'object' || detail === null || Array.isArray(detail)) return {};
  return Object.fromEntries(
    Object.entries(detail as Record<string, unknown>).filter(([key]) => !PERSONAL_DETAIL_KEYS.has(key)),
  );
}

/** An event in a lock's history, without any detail that could name a person. */
export function presentLockEvent(row: LockEventRow): LockHistoryEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    source: 'event',
    kind: row.kind,
    detail: withoutPersonalKeys(row.detail),
  };
}

/** A command in a lock's history: who asked as a role (the person or the operator), never who. */
export function presentLockCommand(row: LockCommandRow): LockHistoryEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    source: 'command',
    kind: row.action,
    detail: {
      status: row.status,
      requested_by: row.operatorPartyId !== null ? 'operator' : 'person',
      reason: row.reason,
      device_answer: row.deviceAnswer,
      sent_at: row.sentAt?.toISOString() ?? null,
      answered_at: row.answeredAt?.toISOString() ?? null,
      late_answer: row.lateAnswer,
      late_answer_at: row.lateAnswerAt?.toISOString() ?? null,
    },
  };
}

/** A bike left behind: where (lock label), which (frame number) and for how many whole hours. */
export function presentLeftBehind(
  row: { id: string; lockId: string; lockLabel: string; bikeId: string | null; lockedAt: Date },
  frameNumber: string | null,
  now: Date,
): LeftBehindParking {
  return {
    parking_id: row.id,
    lock_id: row.lockId,
    lock_label: row.lockLabel,
    bike_id: row.bikeId,
    frame_number: frameNumber,
    locked_at: row.lockedAt.toISOString(),
    hours_parked: Math.floor((now.getTime() - row.lockedAt.getTime()) / HOUR_MS),
  };
}

/** An organisation the operator may list on a dock: its name, type and region, nothing more. */
export function presentDockOrganisation(row: {
  partyId: string;
  name: string;
  type: string;
  region: string;
}): DockOrganisation {
  return {
    id: row.partyId,
    name: row.name,
    type: row.type as OrganisationType,
    region: row.region as Region,
  };
}
