import { describe, expect, it } from 'vitest';
import {
  BikeCreateSchema,
  BikeUpdateSchema,
  EquipmentInputSchema,
  PastDateSchema,
  todayInRegisterZone,
} from './bikes.ts';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('BikeCreateSchema', () => {
  it('needs a nickname and a frame number or a plate ID', () => {
    expect(messages(BikeCreateSchema.safeParse({ nickname: 'Min cykel' }))).toEqual([
      'frame_or_plate_required',
    ]);
    expect(messages(BikeCreateSchema.safeParse({ nickname: '', plate_id: 'K7M4QXTA' }))).toEqual([
      'required',
    ]);
    expect(BikeCreateSchema.safeParse({ nickname: 'Min cykel', plate_id: 'K7M4QXTA' }).success).toBe(true);
    expect(BikeCreateSchema.safeParse({ nickname: 'Min cykel', frame_number: 'WDA1234Z' }).success).toBe(
      true,
    );
  });

  it('treats empty identifiers as none', () => {
    expect(messages(BikeCreateSchema.safeParse({ nickname: 'x', frame_number: '', plate_id: '' }))).toEqual([
      'frame_or_plate_required',
    ]);
  });

  it('applies the identifier shape rules', () => {
    expect(messages(BikeCreateSchema.safeParse({ nickname: 'x', frame_number: 'AB-12' }))).toContain(
      'identifier_too_short',
    );
  });

  it('takes the price in whole kroner', () => {
    expect(
      messages(BikeCreateSchema.safeParse({ nickname: 'x', plate_id: 'K7M4QXTA', price: 1999.5 })),
    ).toEqual(['invalid_price']);
    expect(messages(BikeCreateSchema.safeParse({ nickname: 'x', plate_id: 'K7M4QXTA', price: -1 }))).toEqual([
      'invalid_price',
    ]);
  });

  it('refuses a production year in the future and the enums outside SPEC §3', () => {
    const nextYears = new Date().getUTCFullYear() + 2;
    expect(
      messages(
        BikeCreateSchema.safeParse({ nickname: 'x', plate_id: 'K7M4QXTA', production_year: nextYears }),
      ),
    ).toEqual(['invalid_production_year']);
    expect(
      BikeCreateSchema.safeParse({ nickname: 'x', plate_id: 'K7M4QXTA', category: 'tandem' }).success,
    ).toBe(false);
  });
});

describe('PastDateSchema', () => {
  it('accepts past dates and today, refuses the future and impossible dates', () => {
    expect(PastDateSchema.safeParse('2020-02-29').success).toBe(true);
    expect(PastDateSchema.safeParse(todayInRegisterZone()).success).toBe(true);
    const tomorrow = todayInRegisterZone(new Date(Date.now() + 24 * 60 * 60 * 1000));
    expect(messages(PastDateSchema.safeParse(tomorrow))).toEqual(['date_not_in_past']);
    expect(messages(PastDateSchema.safeParse('2999-01-01'))).toEqual(['date_not_in_past']);
    expect(messages(PastDateSchema.safeParse('2021-02-29'))).toContain('invalid_date');
  });
});

describe('todayInRegisterZone', () => {
  it('is the date in Denmark and Norway, not in UTC', () => {
    // 23:30 UTC on 31 December is already New Year's Day in Copenhagen (UTC+1 in winter).
    expect(todayInRegisterZone(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    // 22:30 UTC on 30 June is 00:30 on 1 July in summer time (UTC+2).
    expect(todayInRegisterZone(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(todayInRegisterZone(new Date('2026-06-30T21:30:00Z'))).toBe('2026-06-30');
  });
});

describe('BikeUpdateSchema', () => {
  it('leaves absent fields alone and clears with null or empty text', () => {
    expect(BikeUpdateSchema.parse({})).toEqual({});
    expect(BikeUpdateSchema.parse({ brand: '', plate_id: null })).toEqual({ brand: null, plate_id: null });
  });
});

describe('EquipmentInputSchema', () => {
  it('defaults to a battery and validates lock fields', () => {
    expect(EquipmentInputSchema.parse({}).item_type_memo).toBe('battery');
    expect(
      messages(EquipmentInputSchema.safeParse({ item_type_memo: 'lock', lock_type_memo: 'rope' })).length,
    ).toBe(1);
    expect(
      messages(EquipmentInputSchema.safeParse({ item_type_memo: 'lock', lock_date: '2999-01-01' })),
    ).toEqual(['date_not_in_past']);
  });
});
