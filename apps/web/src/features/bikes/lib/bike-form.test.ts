import { describe, expect, it } from 'vitest';
import {
  bikeCreateFormSchema,
  bikeUpdateFormSchema,
  changedPayload,
  EMPTY_BIKE_FORM,
  formToPayload,
} from './bike-form.ts';

describe('the form schemas run the API contract on what the inputs hold', () => {
  it('turns empty inputs into nulls and texts into numbers', () => {
    expect(
      formToPayload({
        ...EMPTY_BIKE_FORM,
        nickname: 'Blå',
        price: '4 500',
        production_year: '2021',
        color: 'blue',
      }),
    ).toMatchObject({ nickname: 'Blå', price: 4500, production_year: 2021, color: 'blue', category: null });
  });

  it('needs a name and a frame number or plate to register', () => {
    const missing = bikeCreateFormSchema.safeParse({ ...EMPTY_BIKE_FORM });
    expect(missing.success).toBe(false);
    const codes = missing.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`);
    expect(codes).toContain('nickname:required');
    expect(codes).toContain('frame_number:frame_or_plate_required');
    const ok = bikeCreateFormSchema.safeParse({ ...EMPTY_BIKE_FORM, nickname: 'Blå', plate_id: 'AC3479KM' });
    expect(ok.success).toBe(true);
    expect(ok.data).toMatchObject({ nickname: 'Blå', plate_id: 'AC3479KM', frame_number: null, price: null });
  });

  it('refuses a price in øre, a future purchase date and a short frame number with their codes', () => {
    const result = bikeUpdateFormSchema.safeParse({
      ...EMPTY_BIKE_FORM,
      nickname: 'Blå',
      price: '12,50',
      purchase_date: '2999-01-01',
      frame_number: 'AB1',
    });
    const codes = Object.fromEntries(
      result.error?.issues.map((issue) => [issue.path[0], issue.message]) ?? [],
    );
    expect(codes).toEqual({
      price: 'invalid_price',
      purchase_date: 'date_not_in_past',
      frame_number: 'identifier_too_short',
    });
  });
});

describe('changedPayload', () => {
  it('sends only the fields the person changed, a cleared one as null', () => {
    const parsed = bikeUpdateFormSchema.parse({
      ...EMPTY_BIKE_FORM,
      nickname: 'Blå',
      frame_number: 'WDA12345Z',
      color: '',
    });
    expect(changedPayload(parsed, { color: true, nickname: false })).toEqual({ color: null });
    expect(changedPayload(parsed, {})).toEqual({});
  });
});
