import { z } from 'zod';

/*
 * The lock controllers' protocol (issue 28; written out in docs/docks-protocol.md): OCPP-J's framing
 * over one websocket per device, subprotocol DOCK_SUBPROTOCOL, HTTP Basic credentials on the upgrade
 * (the device id and the password it got when paired: OCPP's security profile 1), TLS in production.
 *
 *   CALL        [2, messageId, action, payload]
 *   CALLRESULT  [3, messageId, payload]
 *   CALLERROR   [4, messageId, errorCode, errorDescription, errorDetails]
 *
 * The API and the simulator both read and write frames through these schemas.
 */

export const DOCK_SUBPROTOCOL = 'nbr-lock1.0';

export const MESSAGE_TYPE_CALL = 2;
export const MESSAGE_TYPE_CALLRESULT = 3;
export const MESSAGE_TYPE_CALLERROR = 4;

/** OCPP-J's error codes for a CALLERROR. */
export const CALL_ERROR_CODES = [
  'NotImplemented',
  'NotSupported',
  'InternalError',
  'ProtocolError',
  'SecurityError',
  'FormationViolation',
  'PropertyConstraintViolation',
  'OccurrenceConstraintViolation',
  'TypeConstraintViolation',
  'GenericError',
] as const;
export type CallErrorCode = (typeof CALL_ERROR_CODES)[number];

/** A message id: at most 36 characters, as OCPP-J; commands from the API use the command's UUID. */
const MessageIdSchema = z.string().min(1).max(36);

export const CallFrameSchema = z.tuple([
  z.literal(MESSAGE_TYPE_CALL),
  MessageIdSchema,
  z.string().min(1).max(50),
  z.unknown(),
]);
export const CallResultFrameSchema = z.tuple([
  z.literal(MESSAGE_TYPE_CALLRESULT),
  MessageIdSchema,
  z.unknown(),
]);
export const CallErrorFrameSchema = z.tuple([
  z.literal(MESSAGE_TYPE_CALLERROR),
  MessageIdSchema,
  z.string(),
  z.string(),
  z.unknown(),
]);
export const FrameSchema = z.union([CallFrameSchema, CallResultFrameSchema, CallErrorFrameSchema]);
export type Frame = z.infer<typeof FrameSchema>;

/** A connector's (a lock's) status as the device reports it. */
export const CONNECTOR_STATUSES = ['Available', 'Occupied', 'Locked', 'Unlocking', 'Faulted'] as const;
export const ConnectorStatusSchema = z.enum(CONNECTOR_STATUSES);
export type ConnectorStatus = z.infer<typeof ConnectorStatusSchema>;

export const CONNECTOR_ERROR_CODES = [
  'NoError',
  'JammedBolt',
  'SensorFailure',
  'PowerLoss',
  'OtherError',
] as const;

const Timestamp = z.iso.datetime({ offset: true });
const ConnectorId = z.number().int().min(1).max(64);

/* Device → API */

export const BootNotificationRequestSchema = z.object({
  vendor: z.string().min(1).max(50),
  model: z.string().min(1).max(50),
  serialNumber: z.string().max(50).optional(),
  firmwareVersion: z.string().max(50).optional(),
  connectorCount: z.number().int().min(1).max(64),
});
export const BootNotificationResponseSchema = z.object({
  status: z.enum(['Accepted', 'Rejected']),
  currentTime: Timestamp,
  /** Seconds between heartbeats. */
  interval: z.number().int().positive(),
});

export const HeartbeatRequestSchema = z.object({}).strict();
export const HeartbeatResponseSchema = z.object({ currentTime: Timestamp });

export const StatusNotificationRequestSchema = z.object({
  connectorId: ConnectorId,
  status: ConnectorStatusSchema,
  errorCode: z.enum(CONNECTOR_ERROR_CODES).default('NoError'),
  timestamp: Timestamp,
});
export const StatusNotificationResponseSchema = z.object({}).strict();

/* API → device */

export const LockConnectorRequestSchema = z.object({ connectorId: ConnectorId });
/** Locked: the bolt is shut on a bike. NoBikePresent: nothing to lock. LockFailed: the bolt did not close. */
export const LockConnectorResponseSchema = z.object({
  status: z.enum(['Locked', 'NoBikePresent', 'LockFailed']),
});

export const UnlockConnectorRequestSchema = z.object({ connectorId: ConnectorId });
/** As OCPP 1.6's UnlockConnector. */
export const UnlockConnectorResponseSchema = z.object({
  status: z.enum(['Unlocked', 'UnlockFailed', 'NotSupported']),
});

/** Ask the device to report again (after a reconnect): OCPP's TriggerMessage. */
export const TriggerMessageRequestSchema = z.object({
  requestedMessage: z.enum(['StatusNotification', 'Heartbeat', 'BootNotification']),
  connectorId: ConnectorId.optional(),
});
export const TriggerMessageResponseSchema = z.object({
  status: z.enum(['Accepted', 'Rejected', 'NotImplemented']),
});

/** Actions a device calls, with their request and answer. */
export const DEVICE_ACTIONS = {
  BootNotification: { request: BootNotificationRequestSchema, response: BootNotificationResponseSchema },
  Heartbeat: { request: HeartbeatRequestSchema, response: HeartbeatResponseSchema },
  StatusNotification: {
    request: StatusNotificationRequestSchema,
    response: StatusNotificationResponseSchema,
  },
} as const;
export type DeviceAction = keyof typeof DEVICE_ACTIONS;

/** Actions the API calls on a device, with their request and answer. */
export const CENTRAL_ACTIONS = {
  LockConnector: { request: LockConnectorRequestSchema, response: LockConnectorResponseSchema },
  UnlockConnector: { request: UnlockConnectorRequestSchema, response: UnlockConnectorResponseSchema },
  TriggerMessage: { request: TriggerMessageRequestSchema, response: TriggerMessageResponseSchema },
} as const;
export type CentralAction = keyof typeof CENTRAL_ACTIONS;
