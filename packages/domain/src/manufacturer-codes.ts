/*
 * Danish manufacturer and importer codes (fabrikantmærker) with the brands they are seen on.
 * Source of truth: ../shared/data/dk-manufacturer-codes.csv (each row names its source); this table
 * is that file in code, checked against it by manufacturer-codes.test.ts. Codes are assigned by the
 * police to a manufacturer or importer, not to a brand, so one brand may carry several codes over
 * time; a code starting with W marks an imported frame. The list is known to be incomplete: a
 * missing code is never an error, only an unknown one.
 */

export type CodeConfidence = 'high' | 'medium' | 'low';

export interface ManufacturerCode {
  /** The letters stamped before the serial, upper case. */
  code: string;
  /** Who the code belongs to, as the source names them. */
  holder: string;
  /** Brand names (lower case, as users type them in the brand field) the code is seen on. */
  brands: readonly string[];
  confidence: CodeConfidence;
  source: string;
}

export const MANUFACTURER_CODES: readonly ManufacturerCode[] = [
  {
    code: 'WDA',
    holder: 'FDB (importer; Danish co-operative)',
    brands: ['fdb', 'fdb cykler'],
    confidence: 'high',
    source: 'en.wikipedia.org/wiki/Danish_bicycle_VIN-system; da.wikipedia.org',
  },
  {
    code: 'S',
    holder: 'SCO',
    brands: ['sco'],
    confidence: 'high',
    source: 'en.wikipedia.org/wiki/Danish_bicycle_VIN-system',
  },
  {
    code: 'WBK',
    holder: 'DBS (Jonas Øglænd AS; Norway)',
    brands: ['dbs'],
    confidence: 'high',
    source: 'sykkeltyveri.no/AISSM/rammeaar.html',
  },
  {
    code: 'DB',
    holder: 'Rocky',
    brands: ['rocky'],
    confidence: 'medium',
    source: 'en.wikipedia.org common manufacturer codes table',
  },
  {
    code: 'PL',
    holder: 'CREATE',
    brands: ['create'],
    confidence: 'medium',
    source: 'en.wikipedia.org common manufacturer codes table',
  },
  {
    code: 'DI',
    holder: 'Dibbern Cykler',
    brands: ['dibbern', 'dibbern cykler'],
    confidence: 'medium',
    source: 'en.wikipedia.org common manufacturer codes table',
  },
  {
    code: 'PR',
    holder: 'Pro Movec',
    brands: ['pro movec', 'promovec'],
    confidence: 'medium',
    source: 'en.wikipedia.org common manufacturer codes table',
  },
  {
    code: 'EE',
    holder: 'Egedesø (alias Everton)',
    brands: ['everton', 'egedesø'],
    confidence: 'medium',
    source: 'en.wikipedia.org common manufacturer codes table',
  },
  {
    code: 'PS',
    holder: 'Schrøder cykler',
    brands: ['schrøder', 'schrøder cykler'],
    confidence: 'medium',
    source: 'en.wikipedia.org common manufacturer codes table',
  },
  {
    code: 'FAK',
    holder: 'Falcon',
    brands: ['falcon'],
    confidence: 'medium',
    source: 'en.wikipedia.org common manufacturer codes table',
  },
  {
    code: 'PY',
    holder: 'Python Pro',
    brands: ['python', 'python pro'],
    confidence: 'medium',
    source: 'en.wikipedia.org common manufacturer codes table',
  },
  {
    code: 'GD',
    holder: 'Titania Cykler',
    brands: ['titania', 'titania cykler'],
    confidence: 'medium',
    source: 'en.wikipedia.org common manufacturer codes table',
  },
  {
    code: 'GR',
    holder: 'L. H. V. Grønning, Odense',
    brands: ['grønning'],
    confidence: 'medium',
    source: 'en.wikipedia.org common manufacturer codes table',
  },
  {
    code: 'GW',
    holder: 'G&W Cykler',
    brands: ['g&w', 'g&w cykler'],
    confidence: 'low',
    source: 'en.wikipedia.org common manufacturer codes table',
  },
  {
    code: 'WBTD',
    holder: 'Yosemite',
    brands: ['yosemite'],
    confidence: 'medium',
    source: 'sykkeltyveri.no/AISSM/rammeaar.html; github.com/cisene/data-available manufacturers.yaml',
  },
  {
    code: 'WC',
    holder: 'Merida (probably its importer)',
    brands: ['merida'],
    confidence: 'low',
    source: 'sykkeltyveri.no/AISSM/rammeaar.html',
  },
  {
    code: 'WN',
    holder: 'Nishiki (probably its importer)',
    brands: ['nishiki'],
    confidence: 'low',
    source: 'sykkeltyveri.no/AISSM/rammeaar.html',
  },
  {
    code: 'WUD',
    holder: 'Specialized (probably its importer)',
    brands: ['specialized'],
    confidence: 'low',
    source: 'sykkeltyveri.no/AISSM/rammeaar.html',
  },
  {
    code: 'WTU',
    holder: 'Trek (probably its importer)',
    brands: ['trek'],
    confidence: 'low',
    source: 'sykkeltyveri.no/AISSM/rammeaar.html',
  },
];

/** Lower case, single spaces: how a typed brand is compared with the table. */
export function brandKey(brand: string): string {
  return brand.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');
}

const CODES_BY_BRAND = new Map<string, ManufacturerCode[]>();
for (const entry of MANUFACTURER_CODES) {
  for (const brand of entry.brands) CODES_BY_BRAND.set(brand, [...(CODES_BY_BRAND.get(brand) ?? []), entry]);
}

/** The codes a brand is known to carry; empty when the brand is not in the table. */
export function codesForBrand(brand: string): readonly ManufacturerCode[] {
  return CODES_BY_BRAND.get(brandKey(brand)) ?? [];
}

/**
 * The known code a frame number's letter prefix is, if any. The prefix is the whole run of letters
 * before the serial (codes are 1–5 letters and the serial starts with a digit), so `WDA1234Z` is WDA
 * and never W or WD.
 */
export function codeForPrefix(prefix: string): ManufacturerCode | null {
  return MANUFACTURER_CODES.find((entry) => entry.code === prefix) ?? null;
}
