import { z } from 'zod';
import { EmailSchema } from './identity.ts';
import { RegionSchema } from './locale.ts';
import { OrganisationTypeSchema } from './organisations.ts';

/*
 * Docks and smart locks (issue 28, SPEC §1 "bike locks and docks", §2 /app/docks…). An organisation
 * runs docks of smart locks; a person locks a registered bike in a free lock from their phone and
 * unlocks it later; the lock's state is live on screen. The devices' protocol is in
 * dock-protocol.ts and docs/docks-protocol.md. Custom zod messages are validation codes
 * (VALIDATION_MESSAGES in identity.ts).
 */

/** A device that sends nothing for this long is offline (heartbeats come every HEARTBEAT_INTERVAL_SECONDS). */
export const DEVICE_OFFLINE_AFTER_SECONDS = 90;
/** The interval a device is told to send Heartbeat at (BootNotification's answer). */
export const HEARTBEAT_INTERVAL_SECONDS = 30;
/** A Lock/Unlock command not answered within this is timed out: nothing is recorded as done. */
export const LOCK_COMMAND_TIMEOUT_SECONDS = 10;
/** A pairing code opens one pairing within this many minutes of being made. */
export const PAIRING_CODE_TTL_MINUTES = 30;
/** Pairing codes: 10 characters of this alphabet (no 0/O, 1/I/L), typed on a device's keypad or in a tool. */
export const PAIRING_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PAIRING_CODE_LENGTH = 10;
/** Lock and unlock commands one person may send per minute. */
export const LOCK_COMMANDS_PER_MINUTE = 10;
/** Websocket upgrades (and pairings) one network address may try per minute at the device endpoints. */
export const DEVICE_CONNECTIONS_PER_MINUTE = 30;
/** Connectors (locks) one device may declare. */
export const MAX_CONNECTORS_PER_DEVICE = 64;
/** The dock's limit when the operator sets none: a bike left longer is listed as left behind. */
export const DEFAULT_MAX_PARKING_HOURS = 72;
export const MAX_PARKING_HOURS_LIMIT = 24 * 90;
export const DOCK_NAME_MAX_LENGTH = 120;
export const REMOTE_OPEN_REASON_MAX_LENGTH = 500;
/** Named people of one dock (access = people). */
export const MAX_DOCK_PEOPLE = 500;
export const MAX_DOCK_ORGANISATIONS = 50;

/** Who may use a dock: everyone signed in (a public dock, in the GBFS feed), members of listed organisations, or named people. */
export const DOCK_ACCESS = ['signed_in', 'organisations', 'people'] as const;
export const DockAccessSchema = z.enum(DOCK_ACCESS, { error: 'invalid_value' });
export type DockAccess = z.infer<typeof DockAccessSchema>;

/**
 * What a screen shows for a lock. free: no bike, open. occupied: a bike stands in it, not locked by
 * the register. locked: locked. opening: an unlock was sent and not yet answered. fault: the device
 * reports a fault. offline: the device has not been heard for DEVICE_OFFLINE_AFTER_SECONDS or its
 * socket is closed (its last report is not trusted). out_of_service: the operator took it out.
 */
export const LOCK_STATES = [
  'free',
  'occupied',
  'locked',
  'opening',
  'fault',
  'offline',
  'out_of_service',
] as const;
export const LockStateSchema = z.enum(LOCK_STATES);
export type LockState = z.infer<typeof LockStateSchema>;

/** "HH:MM", 00:00–23:59; a closing time of 24:00 means midnight at the end of the day. */
const ClockTimeSchema = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, { error: 'invalid_value' });

export const OpeningDaySchema = z
  .object({ opens: ClockTimeSchema, closes: ClockTimeSchema })
  .refine((day) => day.opens < day.closes, { error: 'invalid_value', path: ['closes'] })
  .nullable();
/** Seven days, Monday first; null on a day means closed; null for the whole means open around the clock. */
export const OpeningHoursSchema = z.array(OpeningDaySchema).length(7, { error: 'invalid_value' }).nullable();
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

/** Whether a dock is open at the moment, in its own region's time zone (Europe/Copenhagen or Europe/Oslo). */
export function isOpenAt(hours: OpeningHours, region: 'dk' | 'no', at: Date = new Date()): boolean {
  if (hours === null) return true;
  const zone = region === 'no' ? 'Europe/Oslo' : 'Europe/Copenhagen';
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const weekday = parts.find((part) => part.type === 'weekday')?.value ?? 'Mon';
  const hour = parts.find((part) => part.type === 'hour')?.value ?? '00';
  const minute = parts.find((part) => part.type === 'minute')?.value ?? '00';
  const index = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(weekday);
  const day = hours[index < 0 ? 0 : index];
  if (!day) return false;
  const now = `${hour}:${minute}`;
  return day.opens <= now && now < day.closes;
}

const TrimmedText = (max: number) =>
  z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'too_long' });

/** POST /api/docks (operator, acting for their organisation) and PUT /api/docks/{dockId}. */
export const DockWriteSchema = z
  .object({
    name: TrimmedText(DOCK_NAME_MAX_LENGTH),
    region: RegionSchema,
    street_address: TrimmedText(200),
    postcode: z
      .string({ error: 'required' })
      .trim()
      .regex(/^\d{4}$/, { error: 'invalid_postcode' }),
    town: TrimmedText(100),
    latitude: z
      .number({ error: 'required' })
      .min(54, { error: 'invalid_value' })
      .max(72, { error: 'invalid_value' }),
    longitude: z
      .number({ error: 'required' })
      .min(4, { error: 'invalid_value' })
      .max(32, { error: 'invalid_value' }),
    opening_hours: OpeningHoursSchema.default(null),
    access: DockAccessSchema,
    /** access = organisations: the organisations whose members may use it. */
    organisation_ids: z
      .array(z.uuid({ error: 'invalid_value' }))
      .max(MAX_DOCK_ORGANISATIONS, { error: 'too_long' })
      .default([]),
    /** access = people: the people who may use it, by e-mail address. */
    people: z.array(EmailSchema).max(MAX_DOCK_PEOPLE, { error: 'too_long' }).default([]),
    max_parking_hours: z
      .number()
      .int({ error: 'invalid_value' })
      .min(1, { error: 'invalid_value' })
      .max(MAX_PARKING_HOURS_LIMIT, { error: 'invalid_value' })
      .default(DEFAULT_MAX_PARKING_HOURS),
  })
  .refine((dock) => dock.access !== 'organisations' || dock.organisation_ids.length > 0, {
    error: 'required',
    path: ['organisation_ids'],
  })
  .refine((dock) => dock.access !== 'people' || dock.people.length > 0, {
    error: 'required',
    path: ['people'],
  });
export type DockWrite = z.output<typeof DockWriteSchema>;

/** A lock as a person sees it: never who parked in it, only whether it is their own parking. */
export const LockViewSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  state: LockStateSchema,
  /** My bike is locked in it (I may unlock it). */
  is_mine: z.boolean(),
  /** Only when is_mine: which of my bikes, and since when. */
  my_parking: z
    .object({
      bike_id: z.uuid().nullable(),
      bike_name: z.string().nullable(),
      locked_at: z.iso.datetime({ offset: true }),
    })
    .nullable(),
});
export type LockView = z.infer<typeof LockViewSchema>;

/** A dock on /app/docks: where it is and how many locks are free now. */
export const DockSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  operator_name: z.string(),
  street_address: z.string(),
  postcode: z.string(),
  town: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  access: DockAccessSchema,
  opening_hours: OpeningHoursSchema,
  is_open_now: z.boolean(),
  free_locks: z.number().int(),
  total_locks: z.number().int(),
  /** Locks where my bike is locked now. */
  my_locks: z.number().int(),
});
export type DockSummary = z.infer<typeof DockSummarySchema>;
export const DockListSchema = z.object({ docks: z.array(DockSummarySchema) });

/** GET /api/docks/{dockId}/locks: the dock and each lock's state now (then follow the live channel). */
export const DockLocksSchema = z.object({ dock: DockSummarySchema, locks: z.array(LockViewSchema) });
export type DockLocks = z.infer<typeof DockLocksSchema>;

/** POST …/locks/{lockId}/lock: lock one of my registered bikes in this lock. */
export const LockRequestSchema = z.object({ bike_id: z.uuid({ error: 'invalid_value' }) });
export type LockRequest = z.output<typeof LockRequestSchema>;

/** An operator's remote opening or out-of-service mark: always with a reason (audited). */
export const OperatorReasonSchema = z.object({ reason: TrimmedText(REMOTE_OPEN_REASON_MAX_LENGTH) });
export type OperatorReason = z.output<typeof OperatorReasonSchema>;

/** The outcome of a lock or unlock, once: done, refused by the device, or not answered in time. */
export const LOCK_COMMAND_OUTCOMES = ['accepted', 'rejected', 'timed_out'] as const;
export const LockCommandResultSchema = z.object({
  command_id: z.uuid(),
  outcome: z.enum(LOCK_COMMAND_OUTCOMES),
  /** rejected: the device's answer (NoBikePresent, LockFailed, UnlockFailed, …); null otherwise. */
  reason: z.string().nullable(),
  lock: LockViewSchema,
});
export type LockCommandResult = z.infer<typeof LockCommandResultSchema>;

/** The live channel of one dock (GET /api/docks/{dockId}/websocket?ticket=…): a lock's state changed. */
export const DockRealtimeEventSchemas = [
  z.object({
    type: z.literal('dock.lock'),
    dock_id: z.uuid(),
    lock_id: z.uuid(),
    state: LockStateSchema,
    at: z.iso.datetime({ offset: true }),
  }),
] as const;

/** Where a registered bike was last locked (the owner while it is stolen; the police's bike search). */
export const LastDockParkingSchema = z
  .object({
    dock_id: z.uuid(),
    dock_name: z.string(),
    street_address: z.string(),
    town: z.string(),
    lock_label: z.string(),
    locked_at: z.iso.datetime({ offset: true }),
    unlocked_at: z.iso.datetime({ offset: true }).nullable(),
  })
  .nullable();
export type LastDockParking = z.infer<typeof LastDockParkingSchema>;

/** POST /api/docks/{dockId}/devices: a new device slot and its one-time pairing code (shown once). */
export const PairingCodeSchema = z.object({
  device_id: z.uuid(),
  code: z.string(),
  expires_at: z.iso.datetime({ offset: true }),
});
export type PairingCode = z.infer<typeof PairingCodeSchema>;

/** POST /api/docks/devices/pairings (the device, no account): trade the code for credentials, once. */
export const DevicePairingRequestSchema = z.object({
  code: z
    .string({ error: 'required' })
    .trim()
    .toUpperCase()
    .regex(new RegExp(`^[${PAIRING_CODE_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`), { error: 'invalid_value' }),
  /** How many locks (connectors) the device has; they appear on the dock labelled by the operator. */
  connectors: z
    .number()
    .int()
    .min(1, { error: 'invalid_value' })
    .max(MAX_CONNECTORS_PER_DEVICE, { error: 'invalid_value' }),
});
export const DevicePairingResultSchema = z.object({
  device_id: z.uuid(),
  /** The Basic password for the websocket; shown once, stored hashed. */
  password: z.string(),
  websocket_url: z.string(),
  subprotocol: z.string(),
});
export type DevicePairingResult = z.infer<typeof DevicePairingResultSchema>;

// --- The operator's side (issue 28: create and edit docks, occupancy, history, left-behind bikes) --

/** A lock's label as printed on it ("A3"). */
export const LOCK_LABEL_MAX_LENGTH = 20;
/** PUT /api/docks/{dockId}/locks/{lockId}/label. */
export const LockLabelSchema = z.object({ label: TrimmedText(LOCK_LABEL_MAX_LENGTH) });
export type LockLabel = z.output<typeof LockLabelSchema>;

/** A dock on the operator's list (GET /api/operator/docks): occupancy now. */
export const OperatorDockSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  region: RegionSchema,
  street_address: z.string(),
  postcode: z.string(),
  town: z.string(),
  access: DockAccessSchema,
  is_open_now: z.boolean(),
  closed_at: z.iso.datetime({ offset: true }).nullable(),
  total_locks: z.number().int(),
  free_locks: z.number().int(),
  /** Locks with a bike locked in them through the register now. */
  parked_locks: z.number().int(),
  out_of_service_locks: z.number().int(),
  offline_locks: z.number().int(),
  /** Bikes parked longer than the dock's max_parking_hours and not handed over. */
  left_behind: z.number().int(),
});
export type OperatorDockSummary = z.infer<typeof OperatorDockSummarySchema>;
export const OperatorDockListSchema = z.object({ docks: z.array(OperatorDockSummarySchema) });
export type OperatorDockList = z.infer<typeof OperatorDockListSchema>;

/** A lock as its operator sees it: its state and service mark, since when a bike stands in it; never whose. */
export const OperatorLockSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  device_id: z.uuid(),
  connector_id: z.number().int(),
  state: LockStateSchema,
  /** What the device last reported (Available, Occupied, Locked, Unlocking, Faulted) and when. */
  reported_status: z.string(),
  reported_at: z.iso.datetime({ offset: true }).nullable(),
  out_of_service_at: z.iso.datetime({ offset: true }).nullable(),
  out_of_service_reason: z.string().nullable(),
  /** The open parking in it: its id (for a hand-over) and since when; null when none. */
  parking_id: z.uuid().nullable(),
  parked_since: z.iso.datetime({ offset: true }).nullable(),
  /** Parked longer than the dock's max_parking_hours. */
  is_left_behind: z.boolean(),
});
export type OperatorLock = z.infer<typeof OperatorLockSchema>;

/** A lock device of the dock as its operator sees it (pairing, last heard, retired). */
export const OperatorDeviceSchema = z.object({
  id: z.uuid(),
  paired_at: z.iso.datetime({ offset: true }).nullable(),
  /** Waiting to be paired: until when its pairing code works. */
  pairing_code_expires_at: z.iso.datetime({ offset: true }).nullable(),
  vendor: z.string().nullable(),
  model: z.string().nullable(),
  serial_number: z.string().nullable(),
  firmware_version: z.string().nullable(),
  last_seen_at: z.iso.datetime({ offset: true }).nullable(),
  is_online: z.boolean(),
  retired_at: z.iso.datetime({ offset: true }).nullable(),
});
export type OperatorDevice = z.infer<typeof OperatorDeviceSchema>;

/** A dock as its operator edits it: everything DockWriteSchema takes, with the named organisations. */
export const OperatorDockSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  region: RegionSchema,
  street_address: z.string(),
  postcode: z.string(),
  town: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  opening_hours: OpeningHoursSchema,
  is_open_now: z.boolean(),
  access: DockAccessSchema,
  organisations: z.array(z.object({ id: z.uuid(), name: z.string() })),
  people: z.array(z.string()),
  max_parking_hours: z.number().int(),
  created_at: z.iso.datetime({ offset: true }),
  closed_at: z.iso.datetime({ offset: true }).nullable(),
});
export type OperatorDock = z.infer<typeof OperatorDockSchema>;

/** GET /api/docks/{dockId}/operation (and the answer of creating, editing and closing a dock). */
export const DockOperationSchema = z.object({
  dock: OperatorDockSchema,
  devices: z.array(OperatorDeviceSchema),
  locks: z.array(OperatorLockSchema),
});
export type DockOperation = z.infer<typeof DockOperationSchema>;

/** GET …/locks/{lockId}/history: lock_events and lock_commands, newest first, a page at a time. */
export const LOCK_HISTORY_PAGE_SIZE_MAX = 200;
export const LockHistoryQuerySchema = z.object({
  /** The next_cursor of the page before: entries older than that one. */
  cursor: z.uuid({ error: 'invalid_value' }).optional(),
  page_size: z.coerce
    .number()
    .int()
    .min(1, { error: 'invalid_value' })
    .max(LOCK_HISTORY_PAGE_SIZE_MAX, { error: 'invalid_value' })
    .default(50),
});
export type LockHistoryQuery = z.output<typeof LockHistoryQuerySchema>;

/**
 * One line of a lock's history. An event: kind is its LOCK_EVENT kind (status, connected,
 * out_of_service…) and detail what was recorded. A command: kind is lock | unlock, with its status,
 * the device's answer, who asked as a role (person | operator, never who) and the operator's reason.
 */
export const LockHistoryEntrySchema = z.object({
  id: z.uuid(),
  at: z.iso.datetime({ offset: true }),
  source: z.enum(['event', 'command']),
  kind: z.string(),
  detail: z.record(z.string(), z.unknown()),
});
export type LockHistoryEntry = z.infer<typeof LockHistoryEntrySchema>;
export const LockHistorySchema = z.object({
  lock: OperatorLockSchema,
  entries: z.array(LockHistoryEntrySchema),
  /** Pass as `cursor` for older entries; null on the last page. */
  next_cursor: z.uuid().nullable(),
});
export type LockHistory = z.infer<typeof LockHistorySchema>;

/** A bike parked longer than the dock's limit (GET /api/docks/{dockId}/left-behind). */
export const LeftBehindParkingSchema = z.object({
  parking_id: z.uuid(),
  lock_id: z.uuid(),
  lock_label: z.string(),
  bike_id: z.uuid().nullable(),
  /** The registered bike's frame number (null when it has none, or the bike left the register). */
  frame_number: z.string().nullable(),
  locked_at: z.iso.datetime({ offset: true }),
  hours_parked: z.number().int(),
});
export type LeftBehindParking = z.infer<typeof LeftBehindParkingSchema>;
export const LeftBehindListSchema = z.object({
  max_parking_hours: z.number().int(),
  /** The operator organisation may take bikes in for their owners (the police, a municipality). */
  can_hand_over: z.boolean(),
  parkings: z.array(LeftBehindParkingSchema),
});
export type LeftBehindList = z.infer<typeof LeftBehindListSchema>;

/** The GBFS version of the public feed of public docks (/api/gbfs/{region}/gbfs.json). */
export const GBFS_VERSION = '2.3';
/** Seconds a journey planner may keep a GBFS file (station_status changes often). */
export const GBFS_TTL_SECONDS = 60;

/** What a lock_events row records (lock_events.kind). */
export const LOCK_EVENT_KINDS = [
  'status',
  'command',
  'connected',
  'disconnected',
  'out_of_service',
  'in_service',
  'handed_over',
] as const;
export type LockEventKind = (typeof LOCK_EVENT_KINDS)[number];

/** Path parameters of the docks routes (checked as UUIDs by the services: a malformed id is not found). */
export const DockParamsSchema = z.object({ dock_id: z.string() });
export const DockLockParamsSchema = z.object({ dock_id: z.string(), lock_id: z.string() });
export const DockParkingParamsSchema = z.object({ dock_id: z.string(), parking_id: z.string() });

/**
 * Messages between API instances about lock devices, on hub keys no browser subscribes to (never
 * sent over a screen's socket): a command waits on the device's key for the instance holding its
 * socket; its outcome is announced on the command's key; a device's older connection is told to close.
 */
export const DockInstanceEventSchemas = [
  /** On the device's key: a command was queued; the instance holding the socket claims and sends it. */
  z.object({ type: z.literal('dock.device_command'), command_id: z.uuid() }),
  /** On the command's key: its outcome is written (the waiting request reads it from the database). */
  z.object({ type: z.literal('dock.command_done'), command_id: z.uuid() }),
  /** On the device's key: close every connection of the device but `keep_connection_id` (null: all). */
  z.object({ type: z.literal('dock.device_disconnect'), keep_connection_id: z.string().nullable() }),
] as const;

/*
 * Finding organisations to list on a dock (access = organisations): the operator's staff search the
 * register's organisations by name, so a municipality can grant a housing association or an employer
 * it does not belong to. The answer names an organisation and nothing else about it.
 */

export const DOCK_ORGANISATION_QUERY_MIN_LENGTH = 2;
export const DOCK_ORGANISATION_QUERY_MAX_LENGTH = 80;
/** Matches one search answers: enough to pick from while typing, too few to list the register. */
export const DOCK_ORGANISATION_SEARCH_LIMIT = 10;

/** GET /api/operator/organisations?q=…: part of the organisation's name (case does not matter). */
export const DockOrganisationQuerySchema = z.object({
  q: z
    .string({ error: 'required' })
    .trim()
    .min(DOCK_ORGANISATION_QUERY_MIN_LENGTH, { error: 'required' })
    .max(DOCK_ORGANISATION_QUERY_MAX_LENGTH, { error: 'too_long' }),
});
export type DockOrganisationQuery = z.infer<typeof DockOrganisationQuerySchema>;

/** An organisation that may be listed on a dock: who it is, never its members, address or contacts. */
export const DockOrganisationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: OrganisationTypeSchema,
  region: RegionSchema,
});
export type DockOrganisation = z.infer<typeof DockOrganisationSchema>;

/** Names starting with the query first, then by name; suspended organisations and the caller's own left out. */
export const DockOrganisationListSchema = z.object({ organisations: z.array(DockOrganisationSchema) });
export type DockOrganisationList = z.infer<typeof DockOrganisationListSchema>;
