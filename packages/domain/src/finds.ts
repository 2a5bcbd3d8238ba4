import { z } from 'zod';
import { BikeCategorySchema, BikeColorSchema, PastDateSchema, todayInRegisterZone } from './bikes.ts';
import type { SystemEvent } from './chats.ts';
import { EmailSchema } from './identity.ts';
import { isSelfServiceType } from './organisations.ts';
import { OwnershipBikeSchema } from './ownership.ts';
import { LandPointSchema } from './theft.ts';

/*
 * Helping a stolen bike home (SPEC §2 contact-bike-owner and item-pickup, §6): anyone who sees a
 * stolen bike may write to its owner without either side seeing the other's e-mail address, and a
 * finder or an organisation that holds a bike tells its owner where and until when to collect it.
 */

/**
 * POST /api/bikes/{bike_id}/contact-owner. A signed-in sender writes into their chat with the owner
 * (answer: `{chat_id}`). A visitor gives an address for the owner's answers — never shown to the
 * owner — and may only write about a bike reported stolen; `website` is a honeypot left empty by
 * people and filled by form-spamming robots.
 */
/** A first message to an owner: enough for where and when, short enough to read on a phone. */
export const CONTACT_MESSAGE_MAX_LENGTH = 2000;

export const ContactMessageSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(CONTACT_MESSAGE_MAX_LENGTH, { error: 'too_long' });

export const ContactOwnerSchema = z.object({
  message: ContactMessageSchema,
  /** The visitor's address for answers; ignored for a signed-in sender. */
  email: EmailSchema.optional(),
  /** Honeypot: hidden from people; anything in it marks a robot (accepted silently, nothing sent). */
  website: z.string().max(200).optional(),
});
export type ContactOwner = z.infer<typeof ContactOwnerSchema>;

export const ContactOwnerResultSchema = z.object({
  /**
   * The chat with the owner, for a signed-in sender; null for a visitor, whose message waits for the
   * confirmation of their address (the same answer whether or not the address has an account).
   */
  chat_id: z.uuid().nullable(),
});
export type ContactOwnerResult = z.infer<typeof ContactOwnerResultSchema>;

/** Visitors may write this many messages an hour from one network address. */
export const VISITOR_CONTACTS_PER_HOUR = 5;
/** This many confirmation mails an hour go to one address (a typed address must not become a mail bomb). */
export const VISITOR_CONTACTS_PER_ADDRESS_PER_HOUR = 3;

/**
 * A visitor's message waits until the visitor follows the link mailed to the address they gave
 * (anyone can type anyone's address): it reaches the owner only then. The link works this long.
 * Each message needs its own confirmation.
 */
export const CONTACT_CONFIRMATION_TTL_HOURS = 24;

/** POST /api/contact-owner/confirmations — the code of the mailed link. */
export const ContactConfirmationSchema = z.object({
  code: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(200, { error: 'too_long' }),
});
export type ContactConfirmation = z.infer<typeof ContactConfirmationSchema>;

/** The message has reached the owner: the bike it was about (for the way back to its page). */
export const ContactConfirmationResultSchema = z.object({ bike_id: z.uuid() });
export type ContactConfirmationResult = z.infer<typeof ContactConfirmationResultSchema>;
/** A signed-in person may start this many contacts an hour. */
export const CONTACTS_PER_HOUR = 20;

/**
 * waiting: the holder keeps it for the owner. collected: the owner has it. cancelled: no longer held.
 * released: unclaimed after the last day, the police or municipality let it go (to reuse or auction).
 */
export const PICKUP_STATUSES = ['waiting', 'collected', 'cancelled', 'released'] as const;
export const PickupStatusSchema = z.enum(PICKUP_STATUSES);
export type PickupStatus = z.infer<typeof PickupStatusSchema>;

/** How long ahead a holder may promise to keep a bike. */
export const PICKUP_MAX_DAYS = 180;

/** The last day a bike may be collected: today or later, at most PICKUP_MAX_DAYS ahead. */
export const CollectUntilSchema = z
  .string({ error: 'required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid_date' })
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    { error: 'invalid_date', abort: true },
  )
  .refine((value) => value >= todayInRegisterZone(), { error: 'date_not_in_future' })
  .refine(
    (value) => {
      const limit = new Date(`${todayInRegisterZone()}T00:00:00Z`);
      limit.setUTCDate(limit.getUTCDate() + PICKUP_MAX_DAYS);
      return value <= limit.toISOString().slice(0, 10);
    },
    { error: 'date_too_far_ahead' },
  );

/** POST /api/bikes/{bike_id}/pickups — a finder (verified identity) or an organisation holds the bike. */
export const PickupCreateSchema = z.object({
  /** Where to collect it: an address or a description anyone can find. */
  place: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(300, { error: 'too_long' }),
  collect_until: CollectUntilSchema,
  /** Opening hours, whom to ask, what to bring. */
  note: z.string().trim().max(1000, { error: 'too_long' }).optional(),
  /** The day the holder found or took in the bike. */
  found_on: PastDateSchema.optional(),
});
export type PickupCreate = z.infer<typeof PickupCreateSchema>;

export const PickupParamsSchema = z.object({ pickup_id: z.string() });

/**
 * What the police or a municipality records of a bike the register does not know (issue 32 §2): a
 * frame number or sticker that matches no registered bike, or none at all. Brand, colour and
 * category are what the "possibly yours" matching compares when there is no identifier; model and
 * electric help our staff and the owner recognise it.
 */
export const UnregisteredBikeSchema = z.object({
  brand: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(60, { error: 'too_long' }),
  model: z.string().trim().max(80, { error: 'too_long' }).optional(),
  color: BikeColorSchema,
  category: BikeCategorySchema,
  is_electric: z.boolean().optional(),
});
export type UnregisteredBike = z.infer<typeof UnregisteredBikeSchema>;

/**
 * POST /api/item-pickups — the police or a municipality takes in a found or abandoned bike and
 * names it by what is on it (issue 17 §3): its frame number or plate. When a registered bike has
 * it, the owner is told where and until when to collect it. When none has it (or the bike shows no
 * identifier), `unregistered` describes the bike and it is held without an owner and matched
 * against open theft reports (issue 32 §2); without `unregistered`, 404 bike_not_registered.
 * `location` is where it was found (a point on land), for the matching's "near".
 */
export const HeldBikeCreateSchema = PickupCreateSchema.extend({
  identifier: z.string().trim().max(60, { error: 'too_long' }).optional(),
  unregistered: UnregisteredBikeSchema.optional(),
  location: LandPointSchema.optional(),
}).refine((value) => Boolean(value.identifier) || value.unregistered !== undefined, {
  error: 'required',
  path: ['identifier'],
});
export type HeldBikeCreate = z.output<typeof HeldBikeCreateSchema>;

/** A pickup's registration, collection and cancellation are told in the chat between holder and owner. */
export const PICKUP_SYSTEM_EVENTS = {
  registered: 'pickup_registered',
  collected: 'pickup_collected',
  cancelled: 'pickup_cancelled',
  released: 'pickup_released',
} as const satisfies Record<string, SystemEvent>;

/** How many days before its last day a waiting pickup is shown as due soon. */
export const PICKUP_DUE_SOON_DAYS = 3;

/** 'past' after the last day, 'soon' within PICKUP_DUE_SOON_DAYS of it, else 'later' (dates as YYYY-MM-DD). */
export function pickupUrgency(
  collectUntil: string,
  today: string = todayInRegisterZone(),
): 'past' | 'soon' | 'later' {
  if (collectUntil < today) return 'past';
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCDate(soon.getUTCDate() + PICKUP_DUE_SOON_DAYS);
  return collectUntil <= soon.toISOString().slice(0, 10) ? 'soon' : 'later';
}

/** A bike taken in that the register does not know, as the holder recorded it (issue 32 §2). */
export const UnregisteredPickupBikeSchema = z.object({
  /** The frame number or sticker as typed; null when the bike shows none. */
  identifier: z.string().nullable(),
  brand: z.string(),
  model: z.string().nullable(),
  color: BikeColorSchema.nullable(),
  category: BikeCategorySchema.nullable(),
  is_electric: z.boolean(),
});
export type UnregisteredPickupBike = z.infer<typeof UnregisteredPickupBikeSchema>;

export const PickupSchema = z.object({
  pickup_id: z.uuid(),
  /** The registered bike; null for a bike the register does not know (see `unregistered_bike`). */
  bike_id: z.uuid().nullable(),
  status: PickupStatusSchema,
  place: z.string(),
  collect_until: z.string(),
  note: z.string().nullable(),
  found_on: z.string().nullable(),
  /** The organisation's name, or the finder's first name; null when the caller holds it in person. */
  holder_name: z.string().nullable(),
  holder_kind: z.enum(['person', 'organisation']),
  /** The chat between holder and owner about it. */
  chat_id: z.uuid().nullable(),
  /**
   * What the caller may do: the owner marks it collected; the holder marks it collected or cancels;
   * the police or a municipality releases it once the last day has passed unclaimed.
   */
  actions: z.array(z.enum(['collected', 'cancel', 'released'])),
  /** The bike was reported stolen when it was taken in: the owner's theft report is linked. */
  stolen_report_linked: z.boolean(),
  /** The holder's photo of the bike as taken in (a signed address); null without one. */
  photo_url: z.string().nullable(),
  is_holder: z.boolean(),
  /** The bike as the caller may see it (its nickname and identifiers for the owner only); null once deleted. */
  bike: OwnershipBikeSchema.nullable(),
  /** A bike taken in that is not in the register (held without an owner); null for a registered one. */
  unregistered_bike: UnregisteredPickupBikeSchema.nullable(),
  created_at: z.string(),
  /** When it was collected or cancelled; null while waiting. */
  closed_at: z.string().nullable(),
});
export type Pickup = z.infer<typeof PickupSchema>;

/** GET /api/item-pickups — bikes held for the caller, and bikes the caller holds for others. */
export const PickupListSchema = z.object({
  for_me: z.array(PickupSchema),
  held_by_me: z.array(PickupSchema),
});
export type PickupList = z.infer<typeof PickupListSchema>;

/*
 * Who may tell an owner "your bike is waiting for you" (register a pickup). The mail and the chat
 * message send the owner to a place to collect their bike, so the owner must be able to trust who
 * sent them: a person who has shown who they are with MitID/BankID, or an organisation whose identity
 * the registry itself checked. Only backoffice admins create those (the police, insurers); anyone
 * verified can found a business, club or dealer and invite anyone into it, so acting for one of those
 * vouches for nobody: its member needs the same identity check as a person finder. The API enforces
 * it; the web app shows the form by it.
 */
export interface PickupHolderFacts {
  /** The person behind the session has a verified national identity. */
  isVerified: boolean;
  /** The type of the organisation the person acts for; null when they act as themselves. */
  organisationType: string | null;
}

/** An organisation the registry checked before it existed (not one a person made for themselves). */
export function isVettedOrganisation(organisationType: string | null): boolean {
  return organisationType !== null && !isSelfServiceType(organisationType);
}

/** Whether the holder may register a pickup; otherwise they must verify their identity first. */
export function canRegisterPickup(holder: PickupHolderFacts): boolean {
  return holder.isVerified || isVettedOrganisation(holder.organisationType);
}

/** The police and municipalities hold found or abandoned bikes, and release them when unclaimed. */
export const BIKE_HOLDING_ORGANISATION_TYPES = ['police', 'municipality'] as const;

export function canHoldBikesForOwners(organisationType: string | null): boolean {
  return (BIKE_HOLDING_ORGANISATION_TYPES as readonly (string | null)[]).includes(organisationType);
}

/**
 * Whether the holder may release a held bike (issue 17 §3): the police or a municipality, once the
 * last day to collect it has passed and the owner did not come.
 */
export function canReleaseHeldBike(
  pickup: { status: PickupStatus; collectUntil: string; holderOrganisationType: string | null },
  today: string = todayInRegisterZone(),
): boolean {
  return (
    pickup.status === 'waiting' &&
    canHoldBikesForOwners(pickup.holderOrganisationType) &&
    pickupUrgency(pickup.collectUntil, today) === 'past'
  );
}
