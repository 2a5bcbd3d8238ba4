import { z } from 'zod';
import { DockInstanceEventSchemas, DockRealtimeEventSchemas } from './docks.ts';
import { OwnershipBikeSchema, TransferActionSchema, TransferStatusSchema } from './ownership.ts';
import { SupportRealtimeEventSchemas } from './support.ts';

/*
 * Chats between users (SPEC §3 Chat, §7 /chats). A chat is about one subject — a bike, a transfer or
 * an ownership request — and has participants. Nobody's e-mail address is ever shown in a chat; a
 * participant's name is shown only when their side has agreed to it (see `ChatParticipantSchema`).
 */

export const CHAT_SUBJECT_KINDS = ['bike', 'transfer', 'request'] as const;
export const ChatSubjectKindSchema = z.enum(CHAT_SUBJECT_KINDS);
export type ChatSubjectKind = z.infer<typeof ChatSubjectKindSchema>;

/** text: written by a participant. system: written by the register. transfer_offer: an offer with actions. */
export const MESSAGE_KINDS = ['text', 'system', 'transfer_offer'] as const;
export const MessageKindSchema = z.enum(MESSAGE_KINDS);
export type MessageKind = z.infer<typeof MessageKindSchema>;

/** The register's own messages, translated by the client: `chats.system.<event>`. */
export const SYSTEM_EVENTS = [
  'transfer_offered',
  'transfer_accepted',
  'transfer_rejected',
  'transfer_cancelled',
  'transfer_expired',
  'request_opened',
  'request_declined',
  'request_withdrawn',
  'request_closed',
  'pickup_registered',
  'pickup_collected',
  'pickup_cancelled',
  'pickup_released',
  'found_match_claimed',
] as const;
export const SystemEventSchema = z.enum(SYSTEM_EVENTS);
export type SystemEvent = z.infer<typeof SystemEventSchema>;

/** The role a participant has in the chat's subject. */
/** guest: someone who wrote without an account (their answers are announced to their e-mail address). */
/**
 * `register`: the register's staff writing to an owner (a stolen report's review), in the register's
 * one chat with the owner about the bike, which any staff member opens and continues; shown to the
 * owner as the register ("Cykelregisteret"), never by a staff member's name (staff see each other's).
 */
export const PARTICIPANT_ROLES = [
  'owner',
  'requester',
  'sender',
  'recipient',
  'contact',
  'guest',
  'register',
] as const;
export const ParticipantRoleSchema = z.enum(PARTICIPANT_ROLES);
export type ParticipantRole = z.infer<typeof ParticipantRoleSchema>;

export const MESSAGE_MAX_LENGTH = 4000;
/** Messages answered per page (GET /api/chats/{id}/messages?before=…). */
export const MESSAGES_PAGE_SIZE = 50;
/** A participant who has not read a message this long after it came gets one e-mail for all of them. */
export const CHAT_EMAIL_DELAY_MINUTES = 5;

export const MessageContentSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(MESSAGE_MAX_LENGTH, { error: 'too_long' });

/** POST /api/chats/{id}/messages. */
export const MessageCreateSchema = z.object({ content: MessageContentSchema });
export type MessageCreate = z.infer<typeof MessageCreateSchema>;

/**
 * POST /api/chats/ — a draft sent: the subject id and the content (SPEC §3). The subject is a
 * transfer or request the caller takes part in (its chat, opened if needed), or a bike the caller
 * may see and does not own (a chat with its owner, who stays anonymous until they answer). Sending
 * again about the same subject continues the same chat.
 */
export const ChatCreateSchema = z.object({
  subject_id: z.string({ error: 'required' }).trim().min(1, { error: 'required' }),
  content: MessageContentSchema,
});
export type ChatCreate = z.infer<typeof ChatCreateSchema>;

export const ChatParamsSchema = z.object({ chat_id: z.string() });

export const MessagesQuerySchema = z.object({
  /** A message id: answers the page of messages written before it (older history). */
  before: z.string().optional(),
});

/** POST /api/chats/{id}/read — everything up to this message is read. */
export const ChatReadSchema = z.object({ message_id: z.string() });

export const ChatParticipantSchema = z.object({
  role: ParticipantRoleSchema,
  is_me: z.boolean(),
  /** Null while the person is anonymous to the caller (the owner of a requested bike until they write). */
  name: z.string().nullable(),
});
export type ChatParticipant = z.infer<typeof ChatParticipantSchema>;

export const ChatSubjectSchema = z.object({
  kind: ChatSubjectKindSchema,
  /** The bike, transfer or request id; null for a chat about a bike that has since been deleted. */
  id: z.uuid().nullable(),
  bike: OwnershipBikeSchema.nullable(),
});
export type ChatSubject = z.infer<typeof ChatSubjectSchema>;

/** The live state of a transfer offer, rendered with the message that carries it. */
export const TransferOfferSchema = z.object({
  transfer_id: z.uuid(),
  status: TransferStatusSchema,
  /** What the reader may do: accept/reject for the recipient, cancel for the sender. */
  actions: z.array(TransferActionSchema),
});
export type TransferOffer = z.infer<typeof TransferOfferSchema>;

export const ChatMessageSchema = z.object({
  id: z.uuid(),
  chat_id: z.uuid(),
  kind: MessageKindSchema,
  /** Null for the register's own messages. */
  sender: ChatParticipantSchema.nullable(),
  /** Text of a text message; null otherwise. */
  content: z.string().nullable(),
  /** The event of a system message; null otherwise. */
  system_event: SystemEventSchema.nullable(),
  offer: TransferOfferSchema.nullable(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatMessagePageSchema = z.object({
  messages: z.array(ChatMessageSchema),
  /** Pass as `before` for older messages; null at the beginning of the chat. */
  next_before: z.string().nullable(),
});
export type ChatMessagePage = z.infer<typeof ChatMessagePageSchema>;

export const ChatSummarySchema = z.object({
  id: z.uuid(),
  subject: ChatSubjectSchema,
  participants: z.array(ChatParticipantSchema),
  last_message: ChatMessageSchema.nullable(),
  unread_count: z.number().int().min(0),
  updated_at: z.string(),
});
export type ChatSummary = z.infer<typeof ChatSummarySchema>;
export const ChatListSchema = z.array(ChatSummarySchema);

/** The answer of POST /api/chats/: the chat (new or continued) and the message just written. */
export const ChatCreatedSchema = z.object({ chat: ChatSummarySchema, message: ChatMessageSchema });
export type ChatCreated = z.infer<typeof ChatCreatedSchema>;

/** GET /api/chats/unread — the sidebar's badge. */
export const UnreadCountSchema = z.object({ unread_count: z.number().int().min(0) });

/** POST /api/ws/tickets — a short-lived, single-purpose ticket to open the websocket with. */
export const RealtimeTicketSchema = z.object({ ticket: z.string(), expires_in: z.number().int() });
export const REALTIME_TICKET_SECONDS = 60;

/** What the websocket pushes (JSON text frames). The client refetches on anything it does not know. */
export const RealtimeEventSchema = z.discriminatedUnion('type', [
  /** A new message in one of my chats, as I see it. */
  z.object({ type: z.literal('chat.message'), chat_id: z.uuid(), message: ChatMessageSchema }),
  /** The offer state of a transfer I take part in changed (accepted, rejected, cancelled …). */
  z.object({
    type: z.literal('transfer.updated'),
    transfer_id: z.uuid(),
    chat_id: z.uuid().nullable(),
    status: TransferStatusSchema,
  }),
  /** My read position or unread count changed elsewhere (another tab or device). */
  z.object({ type: z.literal('chat.read'), chat_id: z.uuid(), unread_count: z.number().int().min(0) }),
  /** Support tickets (issue 17 §2): a new message, a status change (support.ts). */
  ...SupportRealtimeEventSchemas,
  /** Docks (issue 28): a lock's state changed, on a dock's live channel (docks.ts). */
  ...DockRealtimeEventSchemas,
  /** Docks: between API instances only, on keys no browser subscribes to (docks.ts). */
  ...DockInstanceEventSchemas,
  /** Sent once after connecting and as an answer to a client `ping`. */
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('pong') }),
  /**
   * Live events may have been lost (the API instances' link through Redis dropped and is back, or an
   * event could not be passed on): fetch again whatever the live events keep up to date.
   */
  z.object({ type: z.literal('resync') }),
]);
export type RealtimeEvent = z.infer<typeof RealtimeEventSchema>;
