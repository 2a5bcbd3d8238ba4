import { describe, expect, it } from 'vitest';
import {
  type FoundItemFacts,
  type FoundMatchReason,
  type FoundMatchScore,
  type StolenBikeFacts,
  scoreFoundMatch,
  settleStrong,
} from './found-matching.ts';
import { identifierKeys } from './identifiers.ts';

const stolenAt = new Date('2026-05-01T12:00:00Z');
const copenhagen = { latitude: 55.676, longitude: 12.568 };

function frame(typed: string) {
  const keys = identifierKeys(typed);
  return { frameKey: keys.key, frameLookAlike: keys.lookAlike };
}
function sticker(typed: string) {
  const keys = identifierKeys(typed);
  return { stickerKey: keys.key, stickerLookAlike: keys.lookAlike };
}

const stolen: StolenBikeFacts = {
  ...frame('WTU123G4567Z'),
  ...sticker('NBR12345'),
  brand: 'Trek',
  colour: 'red',
  category: 'city',
  location: copenhagen,
  stolenAt,
};

const none = { frameKey: null, frameLookAlike: null, stickerKey: null, stickerLookAlike: null };
function found(facts: Partial<FoundItemFacts>): FoundItemFacts {
  return {
    ...none,
    brand: null,
    colour: null,
    category: null,
    location: null,
    foundAt: new Date('2026-05-10T12:00:00Z'),
    ...facts,
  };
}

const kinds = (result: FoundMatchScore | null) => result?.reasons.map((reason) => reason.kind) ?? null;

describe('scoreFoundMatch', () => {
  const table: Array<[string, FoundItemFacts, boolean | null, FoundMatchReason['kind'][] | null]> = [
    ['the same frame number', found({ ...frame('WTU123G4567Z') }), true, ['frame_exact', 'after_theft']],
    [
      'a look-alike frame number (O for 0, I for 1)',
      found({ ...frame('WTUI23G4S67Z') }),
      true,
      ['frame_look_alike', 'after_theft'],
    ],
    [
      'the same sticker, another frame number',
      found({ ...sticker('nbr-12345') }),
      true,
      ['sticker_exact', 'after_theft'],
    ],
    ['a look-alike sticker', found({ ...sticker('NBRI2345') }), true, ['sticker_look_alike', 'after_theft']],
    [
      'one edit, same brand',
      found({ ...frame('WTU123G4587Z'), brand: 'trek' }),
      true,
      ['frame_close_serial', 'brand', 'after_theft'],
    ],
    [
      'one edit, another brand',
      found({ ...frame('WTU123G4587Z'), brand: 'Giant' }),
      false,
      ['frame_close_serial', 'after_theft'],
    ],
    [
      'one edit, same brand, another colour',
      found({ ...frame('WTU123G4587Z'), brand: 'Trek', colour: 'blue' }),
      false,
      ['frame_close_serial', 'brand', 'after_theft'],
    ],
    [
      'one edit, same brand and colour',
      found({ ...frame('WTU123G4587Z'), brand: 'Trek', colour: 'red' }),
      true,
      ['frame_close_serial', 'brand', 'colour', 'after_theft'],
    ],
    [
      'one edit, brand unknown',
      found({ ...frame('WTU123G4587Z') }),
      false,
      ['frame_close_serial', 'after_theft'],
    ],
    [
      'two edits, same brand',
      found({ ...frame('WTU123G9587Z'), brand: 'Trek' }),
      false,
      ['frame_close_serial', 'brand', 'after_theft'],
    ],
    [
      'three edits',
      found({ ...frame('WTU183G9587Z'), brand: 'Trek', colour: 'red' }),
      false,
      ['brand', 'colour', 'after_theft'],
    ],
    [
      'brand, colour and place, no identifiers',
      found({
        brand: 'Trek',
        colour: 'Red',
        category: 'city',
        location: { latitude: 55.68, longitude: 12.57 },
      }),
      false,
      ['brand', 'colour', 'category', 'near', 'after_theft'],
    ],
    ['brand alone', found({ brand: 'Trek' }), null, null],
    ['colour and place without the brand', found({ colour: 'red', location: copenhagen }), null, null],
    [
      'a lookalike found before the theft',
      found({ brand: 'Trek', colour: 'red', foundAt: new Date('2026-04-01T00:00:00Z') }),
      null,
      null,
    ],
    [
      'the same frame number found before the theft',
      found({ ...frame('WTU123G4567Z'), foundAt: new Date('2026-04-01T00:00:00Z') }),
      true,
      ['frame_exact'],
    ],
    ['nothing in common', found({ ...frame('ABC999'), brand: 'Giant', colour: 'blue' }), null, null],
  ];

  it.each(table)('%s', (_name, item, strong, reasonKinds) => {
    const result = scoreFoundMatch(item, stolen);
    expect(result?.strong ?? null).toBe(strong);
    expect(kinds(result)).toEqual(reasonKinds);
  });

  it('ranks an exact identifier above a close serial above attributes alone', () => {
    const exact = scoreFoundMatch(found({ ...frame('WTU123G4567Z') }), stolen)!;
    const close = scoreFoundMatch(found({ ...frame('WTU123G4587Z'), brand: 'Trek' }), stolen)!;
    const looks = scoreFoundMatch(
      found({ brand: 'Trek', colour: 'red', category: 'city', location: copenhagen }),
      stolen,
    )!;
    expect(exact.score).toBeGreaterThan(close.score);
    expect(close.score).toBeGreaterThan(looks.score);
  });

  it('keeps a close serial strong only when it is the one strong match of the item', () => {
    const close = { match: scoreFoundMatch(found({ ...frame('WTU123G4587Z'), brand: 'Trek' }), stolen)! };
    const exact = { match: scoreFoundMatch(found({ ...frame('WTU123G4567Z') }), stolen)! };
    const weak = { match: scoreFoundMatch(found({ brand: 'Trek', colour: 'red' }), stolen)! };
    const strongOf = (list: Array<{ match: FoundMatchScore }>) => list.map((entry) => entry.match.strong);
    expect(strongOf(settleStrong([close, weak]))).toEqual([true, false]);
    expect(strongOf(settleStrong([close, close]))).toEqual([false, false]);
    expect(strongOf(settleStrong([exact, close]))).toEqual([true, false]);
  });

  it('gives the distance of a close serial and of the place', () => {
    const result = scoreFoundMatch(
      found({ ...frame('WTU123G9587Z'), brand: 'Trek', location: { latitude: 55.7, longitude: 12.568 } }),
      stolen,
    )!;
    expect(result.reasons).toContainEqual({ kind: 'frame_close_serial', distance: 2 });
    expect(result.reasons).toContainEqual({ kind: 'near', km: 2.7 });
    expect(result.reasons).toContainEqual({ kind: 'after_theft', days: 9 });
  });
});
