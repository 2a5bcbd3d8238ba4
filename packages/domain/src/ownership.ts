import { z } from 'zod';
import { BikeCategorySchema, BikeColorSchema } from './bikes.ts';
import { EmailSchema } from './identity.ts';

/*
 * Ownership: transfers (the owner gives a bike to someone by e-mail), requests (someone asks the
 * owner for a bike they found in the register) and verification (the owner proves the bike is
 * theirs). SPEC §2, §4 and §5; the API shape of issue 5 §5.
 */

// --- transfers -------------------------------------------------------------------------------------

/**
 * pending: offered, waiting for the recipient. accepted: the bike moved (permanent).
 * rejected: the recipient said no. cancelled: the sender withdrew it, or the bike changed (deleted,
 * given to someone else, reported stolen) before it was accepted. expired: nobody answered in time.
 */
export const TRANSFER_STATUSES = ['pending', 'accepted', 'rejected', 'cancelled', 'expired'] as const;
export const TransferStatusSchema = z.enum(TRANSFER_STATUSES);
export type TransferStatus = z.infer<typeof TransferStatusSchema>;

/** An offer nobody answers lapses after this many days; the sender can offer again. */
export const TRANSFER_OFFER_DAYS = 30;

/** Offers (each one an e-mail) one address may receive in 24 hours, from all senders together. */
export const OFFERS_PER_ADDRESS_PER_DAY = 5;

/** What each side may do with a transfer now. */
export const TRANSFER_ACTIONS = ['accept', 'reject', 'cancel'] as const;
export const TransferActionSchema = z.enum(TRANSFER_ACTIONS);
export type TransferAction = z.infer<typeof TransferActionSchema>;

/**
 * POST /api/ownership-transfers/. The recipient's address is typed twice (SPEC §5): valid, both
 * required, equal ('De to e-postadressene må være like' = validation message emails_do_not_match).
 */
export const TransferCreateSchema = z
  .object({
    bike_id: z.string({ error: 'required' }).trim().min(1, { error: 'required' }),
    recipient_email: EmailSchema,
    recipient_email_confirmation: EmailSchema,
  })
  .refine((value) => value.recipient_email === value.recipient_email_confirmation, {
    path: ['recipient_email_confirmation'],
    error: 'emails_do_not_match',
  });
export type TransferCreate = z.infer<typeof TransferCreateSchema>;

/** The client-side form (before the bike is known to the schema): the two address fields only. */
export const TransferRecipientFormSchema = z
  .object({ recipient_email: EmailSchema, recipient_email_confirmation: EmailSchema })
  .refine((value) => value.recipient_email === value.recipient_email_confirmation, {
    path: ['recipient_email_confirmation'],
    error: 'emails_do_not_match',
  });
export type TransferRecipientForm = z.infer<typeof TransferRecipientFormSchema>;

export const TransferParamsSchema = z.object({ transfer_id: z.string() });

/**
 * POST /api/ownership-transfers/{transfer_id}/accept. `code` is the one from the offer e-mail's
 * link: it proves the recipient reads that mailbox (needed when the account's address is not yet
 * confirmed, such as right after signing up from the offer mail).
 */
export const TransferAcceptSchema = z
  .object({ code: z.string().trim().min(1).max(200).optional() })
  .default({});
export type TransferAccept = z.infer<typeof TransferAcceptSchema>;

/** POST /api/ownership-transfers/claim: binds the offers of a mailed link to the signed-in account. */
export const TransferClaimSchema = z.object({ code: z.string().trim().min(1).max(200) });
export type TransferClaim = z.infer<typeof TransferClaimSchema>;

/** The bike as both sides of a transfer or request may see it: no owner data. */
export const OwnershipBikeSchema = z.object({
  bike_id: z.uuid(),
  nickname: z.string().nullable(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  category: BikeCategorySchema.nullable(),
  color: BikeColorSchema.nullable(),
  is_electric: z.boolean(),
  frame_number: z.string().nullable(),
  plate_id: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
});
export type OwnershipBike = z.infer<typeof OwnershipBikeSchema>;

export const TRANSFER_DIRECTIONS = ['outgoing', 'incoming'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];

/** One transfer as the caller sees it (GET /api/ownership-transfers/ and every action's answer). */
export const TransferSchema = z.object({
  transfer_id: z.uuid(),
  status: TransferStatusSchema,
  direction: z.enum(TRANSFER_DIRECTIONS),
  bike: OwnershipBikeSchema,
  /** The sender's name, shown to the recipient. */
  sender_name: z.string().nullable(),
  /** The address the sender typed; answered to the sender only. */
  recipient_email: z.string().nullable(),
  /** The chat of the offer, once the recipient has an account that can see it. */
  chat_id: z.uuid().nullable(),
  /** What the caller may do now. */
  actions: z.array(TransferActionSchema),
  created_at: z.string(),
  expires_at: z.string(),
  decided_at: z.string().nullable(),
});
export type Transfer = z.infer<typeof TransferSchema>;
export const TransferListSchema = z.array(TransferSchema);

/** The answer of POST /api/ownership-transfers/ (the contract: transfer_id and status first). */
export const TransferCreatedSchema = TransferSchema;

// --- requests --------------------------------------------------------------------------------------

/**
 * open: waiting for the owner. offered: the owner started a transfer to the requester.
 * declined: the owner said no. withdrawn: the requester took it back. closed: the bike changed hands
 * or was deleted meanwhile.
 */
export const REQUEST_STATUSES = ['open', 'offered', 'declined', 'withdrawn', 'closed'] as const;
export const RequestStatusSchema = z.enum(REQUEST_STATUSES);
export type RequestStatus = z.infer<typeof RequestStatusSchema>;

export const OWNERSHIP_REQUEST_MESSAGE_MAX = 2000;

/** POST /api/ownership-requests/. */
export const OwnershipRequestCreateSchema = z.object({
  bike_id: z.string({ error: 'required' }).trim().min(1, { error: 'required' }),
  message: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(OWNERSHIP_REQUEST_MESSAGE_MAX, { error: 'too_long' }),
});
export type OwnershipRequestCreate = z.infer<typeof OwnershipRequestCreateSchema>;

export const OwnershipRequestCreatedSchema = z.object({ request_id: z.uuid(), chat_id: z.uuid() });
export type OwnershipRequestCreated = z.infer<typeof OwnershipRequestCreatedSchema>;

export const OwnershipRequestParamsSchema = z.object({ request_id: z.string() });

export const REQUEST_ACTIONS = ['offer', 'decline', 'withdraw'] as const;
export const RequestActionSchema = z.enum(REQUEST_ACTIONS);
export type RequestAction = z.infer<typeof RequestActionSchema>;

/**
 * One request as the caller sees it. The owner is never named to the requester (the chat reveals
 * the owner's name only once the owner writes); the requester's name is shown to the owner.
 */
export const OwnershipRequestSchema = z.object({
  request_id: z.uuid(),
  status: RequestStatusSchema,
  direction: z.enum(TRANSFER_DIRECTIONS),
  bike: OwnershipBikeSchema,
  requester_name: z.string().nullable(),
  chat_id: z.uuid(),
  /** The transfer the owner started from the request, if any. */
  transfer_id: z.uuid().nullable(),
  actions: z.array(RequestActionSchema),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type OwnershipRequest = z.infer<typeof OwnershipRequestSchema>;
export const OwnershipRequestListSchema = z.array(OwnershipRequestSchema);

// --- verification ----------------------------------------------------------------------------------

/**
 * The owner proves the bike is theirs: a photo of the frame number with the number typed (frame
 * step) and a receipt or other proof (owner step), then submits; staff approve or reject in the
 * backoffice queue. A rejected verification can be corrected and submitted again.
 * not_started → draft → submitted → approved | rejected → (draft → submitted …)
 */
export const VERIFICATION_STATUSES = ['not_started', 'draft', 'submitted', 'approved', 'rejected'] as const;
export const VerificationStatusSchema = z.enum(VERIFICATION_STATUSES);
export type VerificationStatus = z.infer<typeof VerificationStatusSchema>;

/** PUT /api/bikes/{bike_id}/ownership-verification/frame: a frame-number picture of the bike plus the number read from it. */
export const VerificationFrameStepSchema = z.object({
  frame_number: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(100),
  /** A picture of kind frame_number uploaded to the bike (POST /api/bikes/{id}/pictures). */
  picture_id: z.uuid({ error: 'required' }),
});
export type VerificationFrameStep = z.infer<typeof VerificationFrameStepSchema>;

/** PUT /api/bikes/{bike_id}/ownership-verification/owner: a receipt picture or document of the bike. */
export const VerificationOwnerStepSchema = z.object({
  /** A picture (kind receipt) or document (kind receipt, form or other) of the bike. */
  file_id: z.uuid({ error: 'required' }),
  note: z.string().trim().max(1000, { error: 'too_long' }).optional(),
});
export type VerificationOwnerStep = z.infer<typeof VerificationOwnerStepSchema>;

/** POST /api/backoffice/ownership-verifications/{verification_id}/reject. */
export const VerificationRejectSchema = z.object({
  reason: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(1000, { error: 'too_long' }),
});

export const OwnershipVerificationSchema = z.object({
  verification_id: z.uuid().nullable(),
  bike_id: z.uuid(),
  status: VerificationStatusSchema,
  frame_step_done: z.boolean(),
  owner_step_done: z.boolean(),
  frame_number: z.string().nullable(),
  frame_picture_id: z.uuid().nullable(),
  proof_file_id: z.uuid().nullable(),
  note: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  submitted_at: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type OwnershipVerification = z.infer<typeof OwnershipVerificationSchema>;

/**
 * One entry of the staff queue (GET /api/backoffice/ownership-verifications): the verification, the
 * bike, the owner's name and signed addresses of the two proofs.
 */
/** Whose a file handed in as proof is: a file belongs to the person who uploaded it. */
export const FileUploaderSchema = z.object({
  /** The uploader's name; null when they have none on record (or the account was deleted). */
  name: z.string().nullable(),
  /** Whether the uploader is the owner who asks to be verified. */
  is_owner: z.boolean(),
});
export type FileUploader = z.infer<typeof FileUploaderSchema>;

export const OwnershipVerificationQueueItemSchema = OwnershipVerificationSchema.extend({
  verification_id: z.uuid(),
  bike: OwnershipBikeSchema,
  owner_name: z.string().nullable(),
  frame_picture_url: z.string().nullable(),
  proof_file_url: z.string().nullable(),
  /** Who uploaded the frame-number picture and the proof (null when the file is gone). */
  frame_picture_uploader: FileUploaderSchema.nullable(),
  proof_file_uploader: FileUploaderSchema.nullable(),
});
export type OwnershipVerificationQueueItem = z.infer<typeof OwnershipVerificationQueueItemSchema>;
export const OwnershipVerificationQueueSchema = z.array(OwnershipVerificationQueueItemSchema);

export const OwnershipVerificationParamsSchema = z.object({ verification_id: z.string() });

// --- rules shared by the API and the web app -------------------------------------------------------

/** A pending offer past its expiry is expired, whether or not a sweep has written that down yet. */
export function effectiveTransferStatus(status: TransferStatus, expiresAt: Date, now: Date): TransferStatus {
  return status === 'pending' && expiresAt.getTime() <= now.getTime() ? 'expired' : status;
}

/** What one side of a transfer may do: the recipient accepts or rejects, the sender cancels; only while pending. */
export function transferActionsFor(side: 'sender' | 'recipient', status: TransferStatus): TransferAction[] {
  if (status !== 'pending') return [];
  return side === 'recipient' ? ['accept', 'reject'] : ['cancel'];
}

/** Only bikes with both a plate and a frame number, not reported stolen, can be given away (SPEC §4, §5). */
export function isTransferable(bike: {
  frame_number: string | null;
  plate_id: string | null;
  status: string;
}): boolean {
  return Boolean(bike.frame_number) && Boolean(bike.plate_id) && bike.status !== 'stolen';
}
