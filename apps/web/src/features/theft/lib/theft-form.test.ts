import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT } from '../../../test/theft-draft.ts';
import { checkStep, draftToFormValues, formToDraftInput, joinMoment, splitMoment } from './theft-form.ts';

const wizard = { unlocked_steps: ['personal-info' as const], previous_page: null };
const empty = draftToFormValues(EMPTY_DRAFT);

describe('the theft wizard form', () => {
  it('turns a local date and time into a moment and back', () => {
    const iso = joinMoment('2026-03-04', '17:30');
    expect(iso).toBe(new Date('2026-03-04T17:30').toISOString());
    expect(splitMoment(iso)).toEqual({ date: '2026-03-04', time: '17:30' });
    expect(joinMoment('2026-03-04', '')).toBeNull();
  });

  it('clears answers that no longer apply and never keeps a national id number', () => {
    const values = {
      ...empty,
      is_insured: 'no' as const,
      insurance_company: 'Tryg',
      is_electric: 'no' as const,
      battery_location: 'on_bike',
      police_report_requested: 'yes' as const,
      bike_price: '12.500',
    };
    const input = formToDraftInput(values, wizard);
    expect(input.insurance_company).toBeNull();
    expect(input.battery_location).toBeNull();
    expect(input.bike_price).toBe(12500);
    // Nothing goes to the police from the register: the wizard sends no national id number.
    expect(input).not.toHaveProperty('cpr_number');
  });

  it('asks for what a step needs, with the conditional fields, only when going on', () => {
    const values = { ...empty, is_insured: 'yes' as const, bike_price: '4000' };
    expect(checkStep(values, 'insurance', EMPTY_DRAFT, { requireComplete: false })).toEqual({});
    expect(checkStep(values, 'insurance', EMPTY_DRAFT, { requireComplete: true })).toEqual({
      insurance_company: 'required',
    });
    const police = { ...empty, police_report_requested: 'yes' as const };
    expect(checkStep(police, 'personal-info', EMPTY_DRAFT, { requireComplete: true })).not.toHaveProperty(
      'cpr_number',
    );
  });

  it('refuses a wrongly filled field and a date in the future', () => {
    const future = new Date(Date.now() + 2 * 86_400_000);
    const date = `${future.getFullYear()}-${String(future.getMonth() + 1).padStart(2, '0')}-${String(future.getDate()).padStart(2, '0')}`;
    const problems = checkStep(
      { ...empty, last_seen_date: date, last_seen_time: '10:00', noted_date: '2026-01-01' },
      'time-location',
      EMPTY_DRAFT,
      { requireComplete: false },
    );
    expect(problems.last_seen_date).toBe('date_not_in_past');
    expect(problems.noted_clock).toBe('required');
    expect(
      checkStep({ ...empty, email: 'nope', zip_code: '12' }, 'personal-info', EMPTY_DRAFT, {
        requireComplete: false,
      }),
    ).toEqual({
      email: 'invalid_email',
      zip_code: 'invalid_zip_code',
    });
  });

  it('needs a place: an address or a pick on the map', () => {
    const base = {
      ...empty,
      last_seen_date: '2026-01-01',
      last_seen_time: '08:00',
      noted_date: '2026-01-01',
      noted_clock: '09:00',
    };
    expect(checkStep(base, 'time-location', EMPTY_DRAFT, { requireComplete: true })).toEqual({
      place: 'required',
    });
    expect(
      checkStep({ ...base, location: { latitude: 55.68, longitude: 12.55 } }, 'time-location', EMPTY_DRAFT, {
        requireComplete: true,
      }),
    ).toEqual({});
  });
});
