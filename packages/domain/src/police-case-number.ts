import type { Region } from './locale.ts';

/*
 * The case number the police state before they see a bike owner's contact details (issue 17 §3,
 * issue 27 probe 8): the number of the police's own case, in the police's own form, so "x" or a
 * made-up reference is refused. The form follows the region of the police organisation.
 *
 * - Denmark: the police journal number (journalnummer), which "consists of the police district /
 *   authority code, the offence code (gerningsindholdskode), the journal serial number and the
 *   year" (Danmarks Statistik, JOURNR: https://www.dst.dk/da/Statistik/dokumentation/Times/kriminalstatistik/journr;
 *   Rigsarkivet's description of the same field in the criminal register, KRIN01SA). It is written
 *   in four groups: a 4-digit district code, the 5-digit offence code, a 5-digit serial and a
 *   2-digit year, e.g. 0100-80151-00012-24. The district code is never 0000.
 * - Norway: the police's case number of a report (anmeldelsesnummer / straffesaksnummer, in
 *   STRASAK, now BL), as it stands on the police's confirmation of a report: 8 digits, e.g.
 *   14325678. No public page in our research states its length; 8 digits is the form seen on the
 *   police's confirmations, and docs/product.md records the rule for review with the Norwegian
 *   police's first organisation in the register.
 *
 * Spaces are allowed between the groups and around the number and are normalised away (a Danish
 * number is stored with its dashes).
 */

/** An example of each form, for the form's hint. */
export const POLICE_CASE_NUMBER_EXAMPLES: Record<Region, string> = {
  dk: '0100-80151-00012-24',
  no: '14325678',
};

const DANISH = /^(\d{4})[-\s]?(\d{5})[-\s]?(\d{5})[-\s]?(\d{2})$/;
const NORWEGIAN = /^\d{8}$/;

/**
 * The case number in its normal written form when it is a police case number of the region, else
 * null.
 */
export function normalisePoliceCaseNumber(region: Region, value: string): string | null {
  const typed = value.trim().replace(/\s+/g, ' ');
  if (region === 'dk') {
    const match = DANISH.exec(typed.replace(/\s*-\s*/g, '-'));
    if (!match) return null;
    const [, district, offence, serial, year] = match;
    if (district === '0000') return null;
    return `${district}-${offence}-${serial}-${year}`;
  }
  const digits = typed.replace(/\s/g, '');
  return NORWEGIAN.test(digits) ? digits : null;
}

/** Whether the value is a police case number of the region (after normalising). */
export function isPoliceCaseNumber(region: Region, value: string): boolean {
  return normalisePoliceCaseNumber(region, value) !== null;
}
