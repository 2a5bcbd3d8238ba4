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
