import { z } from 'zod';
import { BikeCategorySchema, BikeColorSchema, BikeStatusSchema } from './bikes.ts';
import { LastDockParkingSchema } from './docks.ts';
import { ContactMessageSchema } from './finds.ts';
import { SEARCH_QUERY_MAX_LENGTH } from './search.ts';

/*
 * /org-bike-search (issue 17 §3): the police, municipalities and insurers search the register in
 * their work. They see more than the public search (every bike, its status history, whether it is
 * stolen and since when, whether the owner is verified) but never who the owner is: they reach the
 * owner only through the register (a message in a chat), and the police alone may see the owner's
 * contact details after stating a case number. Every bike opened and every contact revealed is
 * audited and shown to the owner in their access log.
 */

// Who may search and see the owner's contact: organisation-powers.ts (the web app's shell reads it too).
export {
  canRevealOwnerContact,
  canSeeLastDockParking,
  canUseOrgBikeSearch,
  ORG_SEARCH_ORGANISATION_TYPES,
} from './organisation-powers.ts';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'too_long' })
    .optional()
    .transform((value) => (value ? value : undefined));

/**
 * GET /api/org-bike-search?q=&brand=&model=&color=&stolen= — by frame number or plate (`q`, exact
 * or look-alike), or by owner-independent facts. At least one criterion.
 */
export const OrgBikeSearchQuerySchema = z
  .object({
    q: optionalText(SEARCH_QUERY_MAX_LENGTH),
    brand: optionalText(100),
    model: optionalText(100),
    color: BikeColorSchema.optional(),
    stolen: z.enum(['yes', 'no']).optional(),
    /**
     * Issue 32 §3: also frame numbers within edit distance 2 of `q` (misread or scratched), ranked by
     * distance and shared prefix; the police alone (403 close_serial_search_police_only otherwise).
     */
    close: z.enum(['yes', 'no']).optional(),
  })
  .refine((query) => query.close !== 'yes' || query.q !== undefined, { error: 'required', path: ['q'] })
  .refine(
    (query) =>
      query.q !== undefined ||
      query.brand !== undefined ||
      query.model !== undefined ||
      query.color !== undefined ||
      query.stolen !== undefined,
    { error: 'required', path: ['q'] },
  );
export type OrgBikeSearchQuery = z.output<typeof OrgBikeSearchQuerySchema>;

export const ORG_SEARCH_RESULT_LIMIT = 50;

export const CloseSerialMatchSchema = z.object({
  /** Edits (a character changed, added or left out) between the typed frame number and this one: 0–2. */
  distance: z.number().int(),
  /** How many leading characters (the maker's prefix) the two share. */
  shared_prefix: z.number().int(),
});
export type CloseSerialMatchView = z.infer<typeof CloseSerialMatchSchema>;

export const OrgBikeHitSchema = z.object({
  bike_id: z.uuid(),
  frame_number: z.string().nullable(),
  plate_id: z.string().nullable(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  color: BikeColorSchema.nullable(),
  category: BikeCategorySchema.nullable(),
  is_electric: z.boolean(),
  region: z.string(),
  status: BikeStatusSchema,
  /** When the bike was last seen before it was stolen (or when it was reported); null unless stolen. */
  stolen_since: z.string().nullable(),
  /** The owner proved the bike is theirs (frame picture and proof of purchase, checked by our staff). */
  owner_verified: z.boolean(),
  registered_at: z.string(),
  /** Why a close-serial search found the bike: its distance and the leading characters it shares; else null. */
  close_match: CloseSerialMatchSchema.nullable(),
});
export type OrgBikeHit = z.infer<typeof OrgBikeHitSchema>;

export const OrgBikeSearchResponseSchema = z.object({
  results: z.array(OrgBikeHitSchema),
  /** More bikes matched than ORG_SEARCH_RESULT_LIMIT: narrow the search. */
  truncated: z.boolean(),
});
export type OrgBikeSearchResponse = z.infer<typeof OrgBikeSearchResponseSchema>;

export const ORG_BIKE_HISTORY_EVENTS = [
  'registered',
  'ownership_changed',
  'reported_stolen',
  'reported_found',
  'held',
  'collected',
  'released',
  'hold_cancelled',
] as const;

export const OrgBikeHistoryEntrySchema = z.object({
  event: z.enum(ORG_BIKE_HISTORY_EVENTS),
  at: z.string(),
  /** For held bikes: the organisation (or "a finder") holding it, and where. */
  holder_name: z.string().nullable(),
  place: z.string().nullable(),
});
export type OrgBikeHistoryEntry = z.infer<typeof OrgBikeHistoryEntrySchema>;

/** GET /api/org-bike-search/bikes/{bike_id} — one bike (audited as a look-up of its owner). */
export const OrgBikeDetailSchema = OrgBikeHitSchema.extend({
  /** Newest first. */
  history: z.array(OrgBikeHistoryEntrySchema),
  /** What the caller may do: write to the owner; reveal their contact (police only); hold the bike. */
  actions: z.array(z.enum(['message', 'reveal_contact', 'hold'])),
  /** The caller's chat with the owner about the bike, once they wrote. */
  chat_id: z.uuid().nullable(),
  /**
   * Where the bike was last locked in a dock (issue 28): to the police only, while the bike is
   * reported stolen; null otherwise or when it never stood in one.
   */
  last_dock_parking: LastDockParkingSchema,
});
export type OrgBikeDetail = z.infer<typeof OrgBikeDetailSchema>;

export const OrgBikeParamsSchema = z.object({ bike_id: z.string() });

export const CASE_NUMBER_MAX_LENGTH = 40;

/**
 * POST /api/org-bike-search/bikes/{bike_id}/owner-contact — the police's case number. Its form is
 * the police's own, of the police organisation's region (police-case-number.ts): the service checks
 * it once it knows the caller is the police (422 `invalid_police_case_number`), so anyone else still
 * learns only that the contact is for the police.
 */
export const OwnerContactRequestSchema = z.object({
  case_number: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(CASE_NUMBER_MAX_LENGTH, { error: 'too_long' }),
});
export type OwnerContactRequest = z.output<typeof OwnerContactRequestSchema>;

export const OwnerContactSchema = z.object({
  /** The person's name, or the owning organisation's. */
  name: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  phone: z.string().nullable(),
  /** Street, floor, side and door, then postcode and town, as the owner gave them. */
  address: z.array(z.string()),
});
export type OwnerContact = z.infer<typeof OwnerContactSchema>;

/** POST /api/org-bike-search/bikes/{bike_id}/messages — a message to the owner through the register. */
export const OrgMessageSchema = z.object({ content: ContactMessageSchema });
export type OrgMessage = z.output<typeof OrgMessageSchema>;

export const OrgMessageResultSchema = z.object({ chat_id: z.uuid() });
export type OrgMessageResult = z.infer<typeof OrgMessageResultSchema>;
