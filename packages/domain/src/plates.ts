import { z } from 'zod';
import { normaliseIdentifier } from './identifiers.ts';

/*
 * QR stickers (plates). A sticker is printed with a code; the code is its plate ID. Stickers exist as
 * rows before anyone registers them (a printed batch), so a typed plate ID is valid only when such a
 * sticker exists. The QR code holds a GS1 Digital Link: {PUBLIC_URL}/sticker-id/01/{GTIN}/21/{code}
 * (AI 01 = the GTIN of the sticker product, AI 21 = the serial, here the sticker code).
 */

export const STICKER_KINDS = ['bike', 'insurance', 'equipment'] as const;
export const StickerKindSchema = z.enum(STICKER_KINDS);
export type StickerKind = z.infer<typeof StickerKindSchema>;

/** free: printed, not registered; registered: on a bike or equipment; void: lost, damaged or withdrawn. */
export const STICKER_STATUSES = ['free', 'registered', 'void'] as const;
export const StickerStatusSchema = z.enum(STICKER_STATUSES);
export type StickerStatus = z.infer<typeof StickerStatusSchema>;

/**
 * Characters printed in new sticker codes: digits and capitals without any look-alike pair
 * (no 0/O/Q/D, 1/I/L, 2/Z, 5/S, 8/B, 6/G, U/V), so a code read off a worn sticker is read right.
 */
export const STICKER_CODE_ALPHABET = '3479ACEFHJKMNPRTWXY';
export const STICKER_CODE_LENGTH = 8;

/** The fixed GTIN-14 of the sticker product, the `01` part of the Digital Link. */
export const DEFAULT_STICKER_GTIN = '05790002290008';

/** GS1 mod-10 check digit of the digits before it. */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let index = 0; index < body.length; index += 1) {
    const digit = Number(body[body.length - 1 - index]);
    sum += digit * (index % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidGtin14(gtin: string): boolean {
  return /^\d{14}$/.test(gtin) && gs1CheckDigit(gtin.slice(0, 13)) === Number(gtin[13]);
}

/** The address a sticker's QR code holds. */
export function stickerDigitalLink(publicUrl: string, gtin: string, stickerId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/sticker-id/01/${gtin}/21/${encodeURIComponent(stickerId)}`;
}

/**
 * The sticker code in a scanned or typed address: the Digital Link form, the short
 * `/sticker-id/{code}` form, or a bare code. Null when the text is neither.
 */
export function stickerIdFromScan(text: string): string | null {
  const trimmed = text.trim();
  let path = trimmed;
  if (/^https?:\/\//i.test(trimmed)) {
    if (!URL.canParse(trimmed)) return null;
    path = new URL(trimmed).pathname;
  }
  const long = /^\/?sticker-id\/01\/\d{14}\/21\/([^/?#]+)\/?$/.exec(path);
  const short = /^\/?sticker-id\/([^/?#]+)\/?$/.exec(path);
  const raw = long?.[1] ?? short?.[1] ?? (path.includes('/') ? null : path);
  if (!raw) return null;
  const code = normaliseIdentifier(decodeURIComponent(raw));
  return code === '' ? null : code;
}

/** GET /api/stickers/{sticker_id} — what a scan leads to; never who owns the bike. */
export const StickerLookupSchema = z.object({
  sticker_id: z.string(),
  kind: StickerKindSchema,
  status: StickerStatusSchema,
  /** The registered bike, when the sticker is on one whose owner lets it be seen (not private). */
  bike_id: z.uuid().nullable(),
  bike_status: z.enum(['registered', 'stolen']).nullable(),
  /** True when the sticker is on equipment (a battery, a lock, an accessory). */
  on_equipment: z.boolean(),
});
export type StickerLookup = z.infer<typeof StickerLookupSchema>;

/** POST /dev/stickers — development stand-in for a printed batch. */
export const DevStickerBatchSchema = z.object({
  count: z.number().int().min(1).max(500),
  kind: StickerKindSchema.default('bike'),
});
export const DevStickerBatchResponseSchema = z.object({
  batch_id: z.uuid(),
  sticker_ids: z.array(z.string()),
  digital_links: z.array(z.string()),
});

/*
 * Backoffice: printed batches of stickers (issue 17 §1 /backoffice/plates). Staff generate a batch of
 * codes for a kind, hand it to an organisation (a dealer, a business, an insurer), print its PDF
 * sheet, void codes that were lost, and look up a code's history.
 */

/** The most codes in one batch: a PDF of 1,000 labels is 42 A4 pages. */
export const STICKER_BATCH_MAX_COUNT = 1000;
export const STICKER_BATCHES_PAGE_SIZE = 50;

export const StickerBatchCreateSchema = z.object({
  kind: StickerKindSchema,
  count: z
    .number({ error: 'invalid_value' })
    .int({ error: 'invalid_value' })
    .min(1, { error: 'invalid_value' })
    .max(STICKER_BATCH_MAX_COUNT, { error: 'invalid_value' }),
  note: z.string().trim().max(200, { error: 'too_long' }).optional(),
});
export type StickerBatchCreate = z.infer<typeof StickerBatchCreateSchema>;

export const StickerBatchParamsSchema = z.object({ batchId: z.string() });

/** PUT …/assignment: the organisation the batch goes to, or null to take it back. */
export const StickerBatchAssignmentSchema = z.object({
  organisation_party_id: z.uuid({ error: 'invalid_value' }).nullable(),
});

export const StickerAssigneeSchema = z.object({
  party_id: z.uuid(),
  name: z.string(),
  /** ORGANISATION_TYPES (organisations.ts): business, insurance_company, dealer… */
  type: z.string(),
});
export type StickerAssignee = z.infer<typeof StickerAssigneeSchema>;

export const StickerAssigneeQuerySchema = z.object({
  query: z.string().trim().max(100, { error: 'too_long' }).optional().default(''),
});

export const StickerBatchSchema = z.object({
  id: z.uuid(),
  kind: StickerKindSchema,
  note: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  count: z.number().int(),
  free: z.number().int(),
  registered: z.number().int(),
  void: z.number().int(),
  assigned_to: StickerAssigneeSchema.nullable(),
  assigned_at: z.iso.datetime({ offset: true }).nullable(),
});
export type StickerBatch = z.infer<typeof StickerBatchSchema>;

export const StickerBatchListSchema = z.object({ items: z.array(StickerBatchSchema) });
export type StickerBatchList = z.infer<typeof StickerBatchListSchema>;

export const StickerCodeParamsSchema = z.object({ code: z.string().max(64) });

/** POST …/void: why a code is withdrawn (lost in the post, damaged in print…). */
export const StickerVoidSchema = z.object({
  reason: z.string().trim().min(1, { error: 'required' }).max(500, { error: 'too_long' }),
});

export const STICKER_HISTORY_EVENTS = ['created', 'assigned', 'activated', 'voided'] as const;

/** GET /api/backoffice/stickers/{code}: the code, what it is now, and what happened to it. */
export const StickerHistorySchema = z.object({
  code: z.string(),
  kind: StickerKindSchema,
  status: StickerStatusSchema,
  batch_id: z.uuid().nullable(),
  /** The bike it is on now (never its owner); null when not on a bike. */
  bike_id: z.uuid().nullable(),
  on_equipment: z.boolean(),
  events: z.array(
    z.object({
      event: z.enum(STICKER_HISTORY_EVENTS),
      at: z.iso.datetime({ offset: true }),
      /** assigned: the organisation's name; voided: the reason. */
      detail: z.string().nullable(),
    }),
  ),
});
export type StickerHistory = z.infer<typeof StickerHistorySchema>;
