/*
 * Danish manufacturer and importer codes (fabrikantmærker) with the brands they are seen on.
 * Source of truth: packages/domain/data/dk-manufacturer-codes.csv (one row per code, each with its
 * source, confidence and notes; researched from public pages). This table is that file in code, and
 * manufacturer-codes.test.ts fails when the two differ. Codes are assigned by the police to a
 * manufacturer or importer, not to a brand, so one brand may carry several codes over time; a code
 * starting with W marks an imported frame. The list is known to be incomplete: a missing code is never
 * an error, only an unknown one. A code whose source ties it to one era only (WAR, WSP) lists no
 * brands, so that it never makes a current bike of that brand look wrong.
 */

export type CodeConfidence = 'high' | 'medium' | 'low';

export interface ManufacturerCode {
  /** The letters stamped before the serial, upper case. */
  code: string;
  /** Who the code belongs to, as the source names them. */
  holder: string;
  /**
   * Brand names (lower case, as users type them in the brand field; several spellings allowed) the
   * code is seen on. A brand listed here is expected to carry one of its codes (frame-number.ts).
   */
  brands: readonly string[];
  /** How sure the sources make the code-to-holder pairing (the CSV's confidence column). */
  confidence: CodeConfidence;
  /** Where the code was seen (the CSV's source column). */
  source: string;
}

export const MANUFACTURER_CODES: readonly ManufacturerCode[] = [
  {
    code: 'WDA',
    holder: 'FDB (importer; Danish co-operative)',
    brands: ['fdb', 'fdb cykler'],
    confidence: 'high',
    source:
      "en.wikipedia.org/wiki/Danish_bicycle_VIN-system (worked example 'WDA 1234 Z'); da.m.wikipedia.org/wiki/Det_danske_stelnummersystem_for_cykler (same example)",
  },
  {
    code: 'S',
    holder: 'SCO',
    brands: ['sco', 's.c.o.'],
    confidence: 'high',
    source: "en.wikipedia.org/wiki/Danish_bicycle_VIN-system (worked example 'S 57 A')",
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
    source:
      "en.wikipedia.org/wiki/Danish_bicycle_VIN-system 'Common manufacturer codes' table (seen via mirror wikwiand-revamp.pages.dev/en/Danish_bicycle_VIN-system)",
  },
  {
    code: 'PL',
    holder: 'CREATE',
    brands: ['create'],
    confidence: 'medium',
    source: "en.wikipedia.org 'Common manufacturer codes' table (via wikwiand-revamp.pages.dev mirror)",
  },
  {
    code: 'DI',
    holder: 'Dibbern Cykler',
    brands: ['dibbern', 'dibbern cykler'],
    confidence: 'medium',
    source: "en.wikipedia.org 'Common manufacturer codes' table (via wikwiand-revamp.pages.dev mirror)",
  },
  {
    code: 'PR',
    holder: 'Pro Movec',
    brands: ['pro movec', 'promovec'],
    confidence: 'medium',
    source: "en.wikipedia.org 'Common manufacturer codes' table (via wikwiand-revamp.pages.dev mirror)",
  },
  {
    code: 'EE',
    holder: 'Egedesø (alias Everton)',
    brands: ['everton', 'egedesø'],
    confidence: 'medium',
    source: "en.wikipedia.org 'Common manufacturer codes' table (via wikwiand-revamp.pages.dev mirror)",
  },
  {
    code: 'PS',
    holder: 'Schrøder cykler',
    brands: ['schrøder', 'schrøder cykler'],
    confidence: 'medium',
    source: "en.wikipedia.org 'Common manufacturer codes' table (via wikwiand-revamp.pages.dev mirror)",
  },
  {
    code: 'FAK',
    holder: 'Falcon',
    brands: ['falcon'],
    confidence: 'medium',
    source: "en.wikipedia.org 'Common manufacturer codes' table (via wikwiand-revamp.pages.dev mirror)",
  },
  {
    code: 'PY',
    holder: 'Python Pro',
    brands: ['python', 'python pro'],
    confidence: 'medium',
    source: "en.wikipedia.org 'Common manufacturer codes' table (via wikwiand-revamp.pages.dev mirror)",
  },
  {
    code: 'GD',
    holder: 'Titania Cykler',
    brands: ['titania', 'titania cykler'],
    confidence: 'medium',
    source: "en.wikipedia.org 'Common manufacturer codes' table (via wikwiand-revamp.pages.dev mirror)",
  },
  {
    code: 'GR',
    holder: 'L. H. V. Grønning, Odense',
    brands: ['grønning'],
    confidence: 'medium',
    source: "en.wikipedia.org 'Common manufacturer codes' table (via wikwiand-revamp.pages.dev mirror)",
  },
  {
    code: 'GW',
    holder: 'G&W Cykler',
    brands: ['g&w', 'g&w cykler'],
    confidence: 'low',
    source: "en.wikipedia.org 'Common manufacturer codes' table (via wikwiand-revamp.pages.dev mirror)",
  },
  {
    code: 'WBTD',
    holder: 'Yosemite',
    brands: ['yosemite'],
    confidence: 'medium',
    source:
      'sykkeltyveri.no/AISSM/rammeaar.html; github.com/cisene/data-available INT/bicycles/manufacturers.yaml (pattern ^(WBTD)(\\d{6})([a-z])$)',
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
    source:
      "sykkeltyveri.no/AISSM/rammeaar.html; en.wikipedia.org/wiki/Danish_bicycle_VIN-system 'Raleigh Variant' (via kampuspedia.com/en/Danish_bicycle_VIN-system)",
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
  {
    code: 'WAR',
    holder: 'Raleigh (import)',
    brands: [],
    confidence: 'medium',
    source:
      "en.wikipedia.org/wiki/Danish_bicycle_VIN-system section 'Raleigh Variant' (seen via kampuspedia.com/en/Danish_bicycle_VIN-system)",
  },
  {
    code: 'WMY',
    holder: 'EcoRide',
    brands: ['ecoride'],
    confidence: 'low',
    source:
      'github.com/cisene/data-available INT/bicycles/manufacturers.yaml (commit fa8de9aa; pattern ^(WMY)(\\d{6})([a-z]{1})$)',
  },
  {
    code: 'WSP',
    holder: 'Babboe',
    brands: [],
    confidence: 'low',
    source: 'e-bike-stuttgart.com/post/aufbau-der-rahmennummern',
  },
];

/**
 * The holder's name as owners read it: without the bracketed notes of the research
 * ("FDB (importer; Danish co-operative)" → "FDB"), which are English and for us.
 */
export function manufacturerName(entry: Pick<ManufacturerCode, 'holder'>): string {
  return entry.holder.replace(/\s*\([^)]*\)\s*$/, '').trim();
}

/** Lower case, single spaces: how a typed brand is compared with the table. */
export function brandKey(brand: string): string {
  return brand.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * A table of codes indexed for the frame-number check. The register's table is data (the API reads
 * `manufacturer_codes`, seeded from MANUFACTURER_CODES, which staff edit); the built-in list is the
 * default, for callers without the database.
 */
export interface ManufacturerCodeTable {
  readonly entries: readonly ManufacturerCode[];
  /** The codes a brand is known to carry; empty when the brand is not in the table. */
  codesForBrand(brand: string): readonly ManufacturerCode[];
  /**
   * The known code a frame number's letter prefix is, if any. The prefix is the whole run of letters
   * before the serial (codes are 1–5 letters and the serial starts with a digit), so `WDA1234Z` is
   * WDA and never W or WD.
   */
  codeForPrefix(prefix: string): ManufacturerCode | null;
}

export function manufacturerCodeTable(entries: readonly ManufacturerCode[]): ManufacturerCodeTable {
  const byBrand = new Map<string, ManufacturerCode[]>();
  const byCode = new Map<string, ManufacturerCode>();
  for (const entry of entries) {
    byCode.set(entry.code, entry);
    for (const brand of entry.brands) {
      const key = brandKey(brand);
      byBrand.set(key, [...(byBrand.get(key) ?? []), entry]);
    }
  }
  return {
    entries,
    codesForBrand: (brand) => byBrand.get(brandKey(brand)) ?? [],
    codeForPrefix: (prefix) => byCode.get(prefix) ?? null,
  };
}

/** The built-in list as a table. */
export const BUILT_IN_MANUFACTURER_CODES: ManufacturerCodeTable = manufacturerCodeTable(MANUFACTURER_CODES);

/** The codes a brand is known to carry in the built-in list; empty when the brand is not in it. */
export function codesForBrand(brand: string): readonly ManufacturerCode[] {
  return BUILT_IN_MANUFACTURER_CODES.codesForBrand(brand);
}

/** The known code of the built-in list a frame number's letter prefix is, if any. */
export function codeForPrefix(prefix: string): ManufacturerCode | null {
  return BUILT_IN_MANUFACTURER_CODES.codeForPrefix(prefix);
}
