import { z } from 'zod';

/*
 * Plates ordered by e-mail (issue 16 §4, SPEC §1 "An insurance partner can order more plates by
 * e-mail"): a member of an insurance company writes to the register's plate-order address with
 * the number of plates; the register reads the number from the subject or the text, in Danish,
 * Norwegian or English, and our staff send the plates. Anything else is refused and logged.
 */

/** The most plates one mail may order; a larger run is agreed with us, not mailed. */
export const PLATE_ORDER_MAX_QUANTITY = 5000;

/** requested → sent by our staff, or cancelled by the insurer before that (a mail misread as an order). */
export const PLATE_ORDER_STATUSES = ['requested', 'sent', 'cancelled'] as const;
export const PlateOrderStatusSchema = z.enum(PLATE_ORDER_STATUSES);
export type PlateOrderStatus = z.infer<typeof PlateOrderStatusSchema>;

/** Why a mail to the plate-order address made no order (logged; the sender hears only of the last two). */
export const PLATE_ORDER_REFUSALS = [
  'not_authenticated',
  'unknown_sender',
  'several_insurers',
  'no_quantity',
  'quantity_out_of_range',
] as const;
export type PlateOrderRefusal = (typeof PLATE_ORDER_REFUSALS)[number];

const PLATE_WORDS =
  '(?:plader|plade|plates|plate|plater|skilt|skilte|oblater|oblat|stickers|sticker|stk\\.?|stykk|styk)';
const COUNT_BEFORE_WORD = new RegExp(
  `(?:^|[^\\d])(\\d{1,3}(?:[ .]\\d{3})+|\\d+)\\s*(?:nye\\s+|new\\s+|ekstra\\s+|extra\\s+)?${PLATE_WORDS}(?![\\p{L}])`,
  'iu',
);
// Thousands with a separator ("1.000", "1 000") or the digits as written: a grouping that may be
// empty would read the first three digits of "4999" as the number (issue 27).
const LABELLED_COUNT = /(?:antal|antall|quantity|qty|mængde|mengde)\s*[:=]?\s*(\d{1,3}(?:[ .]\d{3})+|\d+)/iu;

function wholeNumber(text: string): number {
  return Number.parseInt(text.replace(/[ .]/g, ''), 10);
}

/**
 * The number of plates a mail asks for: "Antal: 200", "200 plader", "please send 1.000 plates",
 * "Vi trenger 50 nye skilt". The subject counts before the text; quoted replies ("> …") and
 * anything after a signature line are not read. Null when the mail names no number of plates.
 */
export function plateQuantityOf(subject: string, text: string): number | null {
  const ownText =
    text
      .split(/\r?\n/)
      .filter((line) => !line.trimStart().startsWith('>'))
      .join('\n')
      .split(/^-- ?$/m)[0] ?? '';
  for (const part of [subject, ownText]) {
    const labelled = LABELLED_COUNT.exec(part);
    if (labelled?.[1]) return wholeNumber(labelled[1]);
    const counted = COUNT_BEFORE_WORD.exec(part);
    if (counted?.[1]) return wholeNumber(counted[1]);
  }
  return null;
}

export function isPlateQuantityAllowed(quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= PLATE_ORDER_MAX_QUANTITY;
}

/** The address in a From header: `"Ann Berg" <ann@forsikring.dk>` → `ann@forsikring.dk`, lower-case. */
export function mailAddressOf(header: string): string | null {
  const angled = /<([^<>\s]+@[^<>\s]+)>/.exec(header);
  const bare = angled?.[1] ?? /([^\s<>"]+@[^\s<>"]+)/.exec(header)?.[1];
  return bare ? bare.toLowerCase() : null;
}

// --- answers ------------------------------------------------------------------------------------------

export const PlateOrderSchema = z.object({
  id: z.string(),
  insurer: z.object({ party_id: z.string(), name: z.string() }),
  quantity: z.int(),
  status: PlateOrderStatusSchema,
  /** The member's address the mail came from. */
  requested_by: z.string(),
  subject: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type PlateOrder = z.infer<typeof PlateOrderSchema>;
export const PlateOrderListSchema = z.array(PlateOrderSchema);

/** Where insurers send their plate orders (shown on the insurer's admin). */
export const PlateOrderAddressSchema = z.object({ address: z.string().nullable() });

export const PlateOrderParamsSchema = z.object({ id: z.string() });
export const InsurerPlateOrderParamsSchema = z.object({ insurer: z.string() });
