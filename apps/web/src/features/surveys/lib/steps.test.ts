import type { SurveyAnswerView } from '@nbr/domain/surveys';
import { describe, expect, it } from 'vitest';
import { afterStepHref, firstUnfinishedStep, stepHref } from './steps.ts';
import { parseDecimal, parseWhole, totalKm } from './summary.ts';
import { checkAddresses, checkTravel, errorKeyOfField } from './validation.ts';

type Answer = NonNullable<SurveyAnswerView['answer']>;

const SURVEY = '0190a0b0-0000-7000-8000-000000000001';

function answer(overrides: Partial<Answer> = {}): Answer {
  return {
    home_postcode: null,
    work_postcode: null,
    home_grid_cell: null,
    work_grid_cell: null,
    workplace_id: null,
    days: null,
    legs: null,
    would_cycle_more_with_parking: null,
    would_cycle_more_with_dock: null,
    finished_at: null,
    updated_at: '2026-12-07T06:00:00.000Z',
    ...overrides,
  };
}

describe('where a person resumes the survey', () => {
  it('starts at the addresses, then the first step the answer lacks, and none when all are in', () => {
    expect(firstUnfinishedStep(null)).toBe('addresses');
    expect(firstUnfinishedStep(answer({ home_postcode: '8000' }))).toBe('commutingDays');
    // Days answered before the addresses (a deep link): the addresses are still missing.
    expect(firstUnfinishedStep(answer({ days: [] }))).toBe('addresses');
    expect(firstUnfinishedStep(answer({ home_postcode: '8000', days: [1] }))).toBe('travel');
    const done = answer({
      home_postcode: '8000',
      days: [],
      legs: [{ mode: 'walk', distance_km: 1, minutes: 12 }],
    });
    expect(firstUnfinishedStep(done)).toBeNull();
  });

  it('keeps the survey id in every step’s address and goes on to the next step, the thank-you last', () => {
    expect(stepHref('commutingDays', SURVEY)).toBe(`/survey/commuting-days?id=${SURVEY}`);
    expect(afterStepHref('addresses', answer(), SURVEY)).toBe(`/survey/commuting-days?id=${SURVEY}`);
    expect(afterStepHref('travel', answer({ home_postcode: '8000' }), SURVEY)).toBe(
      `/survey/commuting-days?id=${SURVEY}`,
    );
    const done = answer({
      home_postcode: '8000',
      days: [1],
      legs: [{ mode: 'car', distance_km: 3, minutes: 9 }],
    });
    expect(afterStepHref('travel', done, SURVEY)).toBe(`/survey?id=${SURVEY}`);
  });
});

describe('checking a step before it is saved', () => {
  it('wants 4-digit postcodes, and a workplace when the survey lists several', () => {
    expect(
      checkAddresses({ homePostcode: ' 8000 ', workPostcode: '0150', workplaceId: null }, false),
    ).toEqual({});
    expect(checkAddresses({ homePostcode: '800', workPostcode: 'abcd', workplaceId: null }, true)).toEqual({
      home_postcode: 'errors.postcode',
      work_postcode: 'errors.postcode',
      workplace_id: 'errors.workplace',
    });
  });

  it('reads distances with a decimal comma or point and refuses what the API would', () => {
    expect(parseDecimal('2,5')).toBe(2.5);
    expect(parseDecimal(' 12.25 ')).toBe(12.25);
    expect(parseDecimal('2,5 km')).toBeNull();
    expect(parseWhole('15')).toBe(15);
    expect(parseWhole('1.5')).toBeNull();
    const { errors, legs } = checkTravel({
      legs: [
        { mode: 'bike', distance: '2,5', minutes: '10' },
        { mode: null, distance: '0', minutes: '301' },
      ],
      parking: false,
      dock: true,
    });
    expect(legs).toEqual([{ mode: 'bike', distance_km: 2.5, minutes: 10 }]);
    expect(errors).toEqual({
      'legs.1.mode': 'errors.mode',
      'legs.1.distance_km': 'errors.distance',
      'legs.1.minutes': 'errors.minutes',
    });
    expect(checkTravel({ legs: [], parking: false, dock: false }).errors).toEqual({ legs: 'errors.legs' });
    expect(totalKm(legs.concat([{ mode: 'public_transport', distance_km: 8.26, minutes: 20 }]))).toBe(10.8);
  });

  it('explains each field the API may refuse', () => {
    expect(errorKeyOfField('home_postcode')).toBe('errors.postcode');
    expect(errorKeyOfField('legs.3.distance_km')).toBe('errors.distance');
    expect(errorKeyOfField('days.1')).toBe('errors.days');
  });
});
