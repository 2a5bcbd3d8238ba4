import { z } from 'zod';
import { EmailSchema } from './identity.ts';

/*
 * Support (issue 17 §2, SPEC §2 /support/chat and /backoffice/tickets/{ticketId}): a person, or a
 * visitor whose address a mailed link confirmed, writes to our staff about their account, one of
 * their bikes or one of their orders; every conversation is a ticket that staff answer in the
 * backoffice. Statuses: `open` waits for staff, `waiting` waits for the person (staff answered),
 * `closed` is done — until the person writes again, which opens it again.
 */

export const SUPPORT_SUBJECT_KINDS = ['account', 'bike', 'order'] as const;
export const SupportSubjectKindSchema = z.enum(SUPPORT_SUBJECT_KINDS);
export type SupportSubjectKind = z.infer<typeof SupportSubjectKindSchema>;

export const TICKET_STATUSES = ['open', 'waiting', 'closed'] as const;
export const TicketStatusSchema = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof TicketStatusSchema>;

/** A support message: room for a real question, short enough to read on a phone. */
export const SUPPORT_MESSAGE_MAX_LENGTH = 4000;

export const SupportMessageContentSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(SUPPORT_MESSAGE_MAX_LENGTH, { error: 'too_long' });

/** Tickets a signed-in person may open per hour. */
export const TICKETS_PER_HOUR = 10;
/** Messages anyone may write in tickets per minute (person and staff alike). */
export const SUPPORT_MESSAGES_PER_MINUTE = 20;
/** Tickets from visitors per network address and hour. */
export const VISITOR_TICKETS_PER_HOUR = 5;
/** Confirmation mails to one typed address per hour. */
export const VISITOR_TICKETS_PER_ADDRESS_PER_HOUR = 3;
/** A visitor's ticket reaches staff once its mailed link is followed; unconfirmed ones go after this. */
export const SUPPORT_CONFIRMATION_TTL_HOURS = 48;
/** How long a link mailed to a visitor (to confirm, or to read an answer) opens their ticket. */
export const SUPPORT_GUEST_LINK_TTL_DAYS = 30;

/**
 * POST /api/support/tickets — a signed-in person's new conversation. A bike or order must be the
 * person's own (the acting party's); `account` takes neither.
 */
export const TicketCreateSchema = z
  .object({
    subject_kind: SupportSubjectKindSchema,
    bike_id: z.uuid().nullish(),
    order_id: z.uuid().nullish(),
    message: SupportMessageContentSchema,
  })
  .superRefine((value, context) => {
    if (value.subject_kind === 'bike' && !value.bike_id)
      context.addIssue({ code: 'custom', path: ['bike_id'], message: 'required' });
    if (value.subject_kind === 'order' && !value.order_id)
      context.addIssue({ code: 'custom', path: ['order_id'], message: 'required' });
  });
export type TicketCreate = z.infer<typeof TicketCreateSchema>;

/**
 * POST /api/support/guest-tickets — a visitor's question about their account (or getting one): it
 * reaches staff once the visitor follows the link mailed to `email`. `website` is a honeypot.
 */
export const GuestTicketCreateSchema = z.object({
  email: EmailSchema,
  message: SupportMessageContentSchema,
  website: z.string().max(200).optional(),
});
export type GuestTicketCreate = z.infer<typeof GuestTicketCreateSchema>;

/** The signed part of a link mailed to a visitor: it opens that one ticket until `expires`. */
export const GuestTicketKeySchema = z.object({
  expires: z.string().regex(/^\d{1,12}$/),
  signature: z.string().min(1).max(200),
});
export type GuestTicketKey = z.infer<typeof GuestTicketKeySchema>;

export const GuestTicketMessageCreateSchema = GuestTicketKeySchema.extend({
  content: SupportMessageContentSchema,
});

export const TicketMessageCreateSchema = z.object({ content: SupportMessageContentSchema });
export type TicketMessageCreate = z.infer<typeof TicketMessageCreateSchema>;

export const TicketParamsSchema = z.object({ ticket_id: z.string().max(64) });

/** What the ticket is about, as both sides see it. */
export const TicketBikeSchema = z.object({
  id: z.uuid(),
  nickname: z.string().nullable(),
  brand: z.string().nullable(),
});
export const TicketOrderSchema = z.object({
  id: z.uuid(),
  receipt_number: z.number().int().nullable(),
  created_at: z.iso.datetime({ offset: true }),
});

/** A message in a ticket. Staff sign as "Support" to the person; staff see each other's names. */
export const SupportMessageSchema = z.object({
  id: z.uuid(),
  ticket_id: z.uuid(),
  author: z.enum(['person', 'staff']),
  /** The staff member's name, for staff only (null for the person's own view and for the person's messages). */
  staff_name: z.string().nullable(),
  content: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;

/** A ticket as the person who opened it sees it. */
export const TicketSchema = z.object({
  id: z.uuid(),
  subject_kind: SupportSubjectKindSchema,
  bike: TicketBikeSchema.nullable(),
  order: TicketOrderSchema.nullable(),
  status: TicketStatusSchema,
  created_at: z.iso.datetime({ offset: true }),
  last_message_at: z.iso.datetime({ offset: true }),
});
export type Ticket = z.infer<typeof TicketSchema>;

export const TicketListSchema = z.array(TicketSchema);

export const TicketWithMessagesSchema = z.object({
  ticket: TicketSchema,
  messages: z.array(SupportMessageSchema),
});
export type TicketWithMessages = z.infer<typeof TicketWithMessagesSchema>;

export const GuestTicketCreatedSchema = z.object({
  /** Always true: the same answer whether or not the address has an account. */
  confirmation_sent: z.literal(true),
});

/** A ticket as staff see it: with who asked (name and address) and who took it. */
export const StaffTicketSchema = TicketSchema.extend({
  requester: z.object({
    /** Null for a visitor (a confirmed guest address). */
    party_id: z.uuid().nullable(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    is_guest: z.boolean(),
  }),
  assigned_to: z.object({ party_id: z.uuid(), name: z.string().nullable() }).nullable(),
  /** The bike's frame number, for staff (null when none or not about a bike). */
  bike_frame_number: z.string().nullable(),
});
export type StaffTicket = z.infer<typeof StaffTicketSchema>;

export const StaffTicketsQuerySchema = z.object({
  status: TicketStatusSchema.optional(),
});

export const TicketCountsSchema = z.object({
  open: z.number().int(),
  waiting: z.number().int(),
  closed: z.number().int(),
});

/** GET /api/backoffice/tickets: the newest activity first (the 100 newest of the filter), with counts. */
export const StaffTicketListSchema = z.object({
  tickets: z.array(StaffTicketSchema),
  counts: TicketCountsSchema,
});
export type StaffTicketList = z.infer<typeof StaffTicketListSchema>;

export const StaffTicketWithMessagesSchema = z.object({
  ticket: StaffTicketSchema,
  messages: z.array(SupportMessageSchema),
});
export type StaffTicketWithMessages = z.infer<typeof StaffTicketWithMessagesSchema>;

/** PATCH /api/backoffice/tickets/{ticket_id}: a new status, and/or taking the ticket. */
export const StaffTicketUpdateSchema = z
  .object({
    status: TicketStatusSchema.optional(),
    assign_to_me: z.literal(true).optional(),
  })
  .refine((value) => value.status !== undefined || value.assign_to_me !== undefined, {
    message: 'required',
  });
export type StaffTicketUpdate = z.infer<typeof StaffTicketUpdateSchema>;

/** Live events of support, on the realtime channel (part of RealtimeEventSchema in chats.ts). */
export const SupportRealtimeEventSchemas = [
  /** A new message in a ticket I asked in (the person) or any ticket (staff). */
  z.object({ type: z.literal('support.message'), ticket_id: z.uuid(), message: SupportMessageSchema }),
  /** A ticket's status or assignment changed. */
  z.object({ type: z.literal('support.ticket'), ticket_id: z.uuid(), status: TicketStatusSchema }),
] as const;

export const SupportRealtimeEventSchema = z.discriminatedUnion('type', [...SupportRealtimeEventSchemas]);
export type RealtimeEventOfSupport = z.infer<typeof SupportRealtimeEventSchema>;
