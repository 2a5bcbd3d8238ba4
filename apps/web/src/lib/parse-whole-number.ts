/** A typed number: '' → null; '15 000' and '15.000' (thousands) → 15000; anything else as Number reads it. */
export function parseWholeNumber(text: string): number | null {
  const compact = text.replace(/[\s\u00a0]/g, '');
  if (compact === '') return null;
  const withoutThousands = /^\d{1,3}([.,]\d{3})+$/.test(compact) ? compact.replace(/[.,]/g, '') : compact;
  // Not a number at all → NaN, which the schema refuses with its own message.
  return Number(withoutThousands.replace(',', '.'));
}
