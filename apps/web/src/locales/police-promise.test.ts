import { NATIONAL_ID_VALIDATION_CODES } from '@nbr/domain/national-id';
import { describe, expect, it } from 'vitest';

/*
 * Issue 14: the register sends nothing to the police and takes no national id number; the owner
 * reports the theft themselves on politi.dk or politiet.no. No text in any language may promise
 * otherwise (the privacy policy and the home page once did). A sentence that says it does not
 * ("sender ikke … til politiet") is the truth, not the promise.
 */

const FILES = import.meta.glob<unknown>('./*/*.json', { eager: true, import: 'default' });

/*
 * Issue 16 §2 asks for the national id number at insurance checkout, for the insurer only (not for
 * the police, not in a theft report). The validation texts of that field name the number to say what
 * is expected; they alone are left out of the scan, by their codes. Any other text still may not.
 */
function withoutNationalIdValidation(path: string, tree: unknown): unknown {
  if (!path.endsWith('/common.json') || !tree || typeof tree !== 'object') return tree;
  const { validation, ...rest } = tree as { validation?: Record<string, unknown> };
  if (!validation) return tree;
  const kept = Object.fromEntries(
    Object.entries(validation).filter(
      ([code]) => !(NATIONAL_ID_VALIDATION_CODES as readonly string[]).includes(code),
    ),
  );
  return { ...rest, validation: kept };
}

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap((item) => texts(item));
  if (value && typeof value === 'object') return Object.values(value).flatMap((item) => texts(item));
  return [];
}

/** Sending, passing on or sharing something with the police, in Danish, Norwegian or English. */
const SENT_TO_POLICE =
  /\b(send\w*|videre\w*|del(e|es|er)|pass\w*|forward\w*|shar\w*)\b[^.;:–]{0,80}\b(til politi|to the police)/i;
/** The police named beside "when you ask us to send" (the old privacy policy's sharing list). */
const SENT_ON_REQUEST = /\b(beder os|ask us|ber oss)\b[^.]{0,40}\bsend/i;
const POLICE = /politi|police/i;
/** Asking for or keeping a national id number. */
const NATIONAL_ID = /\bCPR\b|fødselsnummer|national identity number|personnummer/i;
const NEGATION = /\b(ikke|ikkje|not|never|aldrig|aldri)\b|n't\b/i;

/**
 * The insurance sign-up's texts (issue 16 §2) ask for the national id number for the insurer, and the
 * insurer's own admin shows it to the insurer's staff (with a reason), so the number may be named
 * there; they may still never promise anything sent to the police.
 */
function asksForNationalId(path: string): boolean {
  return path.endsWith('/insurance.json') || path.endsWith('/insurer-admin.json');
}

/** The sentences of every text that break the rule, with the file they are in. */
function falsePromises(files: Record<string, unknown>): string[] {
  return Object.entries(files).flatMap(([path, tree]) =>
    texts(withoutNationalIdValidation(path, tree))
      .flatMap((text) => text.split(/(?<=[.!?;])\s+/))
      .filter(
        (sentence) =>
          (SENT_TO_POLICE.test(sentence) ||
            (POLICE.test(sentence) && SENT_ON_REQUEST.test(sentence)) ||
            (NATIONAL_ID.test(sentence) && !asksForNationalId(path))) &&
          !NEGATION.test(sentence),
      )
      .map((sentence) => `${path}: ${sentence}`),
  );
}

describe('no text promises that the register reports to the police (issue 14)', () => {
  it('finds none in any language', () => {
    expect(Object.keys(FILES).length).toBeGreaterThan(30);
    expect(falsePromises(FILES)).toEqual([]);
  });

  it('recognises the promise, and its denial', () => {
    const promises = {
      'da/x.json': {
        a: 'Du kan sende anmeldelsen videre til politi og forsikring.',
        b: 'Vi sender den til politiet for dig.',
        c: 'Skriv dit CPR-nummer, hvis politiet skal have anmeldelsen.',
      },
      'en/x.json': ['You can pass the report on to the police and your insurer.'],
      'no/x.json': {
        a: 'Sender vi meldingen videre til politiet, skjer det etter din anmodning.',
        b: 'Politiet og forsikringsselskapet ditt – bare når du ber oss sende en tyverimelding.',
      },
    };
    expect(falsePromises(promises)).toHaveLength(6);
    const truths = {
      'da/x.json': {
        a: 'Registret sender ikke anmeldelsen til politiet. Du anmelder selv på politi.dk.',
        b: 'Når du har sendt anmeldelsen her, får du de oplysninger, politiets formular spørger om.',
        c: 'Vi beder ikke om dit CPR-nummer.',
      },
      'en/x.json': ['The register does not send the report to the police.'],
    };
    expect(falsePromises(truths)).toEqual([]);
  });

  it('lets the insurance sign-up name the national id number, never a promise to the police', () => {
    expect(falsePromises({ 'da/insurance.json': ['CPR-nummeret gemmes krypteret.'] })).toEqual([]);
    expect(falsePromises({ 'da/other.json': ['CPR-nummeret gemmes krypteret.'] })).toHaveLength(1);
    expect(
      falsePromises({ 'da/insurance.json': ['Vi sender anmeldelsen videre til politiet.'] }),
    ).toHaveLength(1);
  });

  it("leaves out only the validation texts of the insurance checkout's national id number", () => {
    const checkout = {
      'da/common.json': {
        validation: { invalid_cpr: 'CPR-nummeret skal have 10 cifre.', other: 'Skriv dit CPR-nummer her.' },
        theft: { cpr: 'Skriv dit CPR-nummer.' },
      },
      'da/theft.json': { validation: { invalid_cpr: 'Skriv dit CPR-nummer.' } },
    };
    expect(falsePromises(checkout).sort()).toEqual([
      'da/common.json: Skriv dit CPR-nummer her.',
      'da/common.json: Skriv dit CPR-nummer.',
      'da/theft.json: Skriv dit CPR-nummer.',
    ]);
  });
});
