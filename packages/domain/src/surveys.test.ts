import { describe, expect, it } from 'vitest';
import {
  groupSurveyAnswers,
  mainMode,
  modalShareChange,
  postalAreaOf,
  SURVEY_MIN_GROUP_SIZE,
  type SurveyAnswerFacts,
  SurveyCommutingDaysInputSchema,
  SurveyTravelInputSchema,
  summariseSurvey,
  summariseSurveySubset,
  surveyGridCell,
} from './surveys.ts';

const answer = (overrides: Partial<SurveyAnswerFacts> = {}): SurveyAnswerFacts => ({
  workplaceId: 'hq',
  homePostcode: '8000',
  daysPerWeek: 5,
  legs: [{ mode: 'bike', distance_km: 4, minutes: 15 }],
  wouldCycleMoreWithParking: false,
  wouldCycleMoreWithDock: false,
  ...overrides,
});

const times = (count: number, overrides: Partial<SurveyAnswerFacts> = {}) =>
  Array.from({ length: count }, () => answer(overrides));

describe('the commuter survey', () => {
  it('keeps a position as its square-kilometre cell, the same for points close together', () => {
    expect(surveyGridCell(56.15, 10.2)).toBe('1km_N6250_E632');
    expect(surveyGridCell(56.1501, 10.2001)).toBe(surveyGridCell(56.15, 10.2));
    expect(surveyGridCell(56.17, 10.2)).not.toBe(surveyGridCell(56.15, 10.2));
    expect(surveyGridCell(59.91, 10.75, 5)).toMatch(/^5km_N\d+_E\d+$/);
  });

  it('takes the longest leg as the trip’s mode', () => {
    expect(
      mainMode([
        { mode: 'bike', distance_km: 2, minutes: 8 },
        { mode: 'public_transport', distance_km: 14, minutes: 25 },
        { mode: 'walk', distance_km: 0.5, minutes: 6 },
      ]),
    ).toBe('public_transport');
  });

  it('takes each weekday once and 1 to 4 legs', () => {
    expect(SurveyCommutingDaysInputSchema.safeParse({ days: [1, 2, 5] }).success).toBe(true);
    expect(SurveyCommutingDaysInputSchema.safeParse({ days: [1, 1] }).success).toBe(false);
    expect(SurveyCommutingDaysInputSchema.safeParse({ days: [0] }).success).toBe(false);
    const leg = { mode: 'car', distance_km: 3.5, minutes: 10 };
    const travel = { would_cycle_more_with_parking: true, would_cycle_more_with_dock: false };
    expect(SurveyTravelInputSchema.safeParse({ ...travel, legs: [leg] }).success).toBe(true);
    expect(SurveyTravelInputSchema.safeParse({ ...travel, legs: [] }).success).toBe(false);
    expect(SurveyTravelInputSchema.safeParse({ ...travel, legs: Array(5).fill(leg) }).success).toBe(false);
    expect(SurveyTravelInputSchema.safeParse({ ...travel, legs: [{ ...leg, mode: 'boat' }] }).success).toBe(
      false,
    );
  });

  it('withholds the figures of fewer than 5 answers', () => {
    expect(SURVEY_MIN_GROUP_SIZE).toBe(5);
    expect(summariseSurvey(times(4))).toEqual({ withheld: true });
    expect(summariseSurvey(times(5)).withheld).toBe(false);
  });

  it('withholds a filter’s figures when what it left out is 1 to 4 answers', () => {
    expect(summariseSurveySubset(times(6), 6).withheld).toBe(false);
    expect(summariseSurveySubset(times(6), 9).withheld).toBe(true);
    expect(summariseSurveySubset(times(6), 11).withheld).toBe(false);
    expect(summariseSurveySubset(times(4), 20).withheld).toBe(true);
  });

  it('counts the modal split, distances, days a week, cycling potential and what would help', () => {
    const answers = [
      ...times(3),
      answer({
        legs: [{ mode: 'car', distance_km: 3, minutes: 8 }],
        daysPerWeek: 3,
        wouldCycleMoreWithDock: true,
      }),
      answer({ legs: [{ mode: 'car', distance_km: 12, minutes: 20 }], wouldCycleMoreWithParking: true }),
      answer({
        legs: [
          { mode: 'walk', distance_km: 1, minutes: 12 },
          { mode: 'public_transport', distance_km: 24, minutes: 30 },
        ],
        daysPerWeek: 0,
      }),
    ];
    const result = summariseSurvey(answers);
    if (result.withheld) throw new Error('withheld');
    const { summary } = result;
    expect(summary.answers).toBe(6);
    expect(summary.modalSplit).toEqual([
      { mode: 'bike', count: 3, share: 0.5 },
      { mode: 'e_bike', count: 0, share: 0 },
      { mode: 'public_transport', count: 1, share: 1 / 6 },
      { mode: 'car', count: 2, share: 2 / 6 },
      { mode: 'walk', count: 0, share: 0 },
    ]);
    expect(summary.distanceBands).toEqual([
      { band: '0-2', count: 0 },
      { band: '2-5', count: 4 },
      { band: '5-10', count: 0 },
      { band: '10-20', count: 1 },
      { band: '20+', count: 1 },
    ]);
    expect(summary.daysPerWeek.filter((entry) => entry.count > 0)).toEqual([
      { days: 0, count: 1 },
      { days: 3, count: 1 },
      { days: 5, count: 4 },
    ]);
    expect(summary.cyclingPotential).toEqual({ count: 1, share: 1 / 6 });
    expect(summary.wouldCycleMoreWithParking).toBe(1);
    expect(summary.wouldCycleMoreWithDock).toBe(1);
  });

  it('leaves out every group of fewer than 5, by workplace or postal area', () => {
    const answers = [
      ...times(6, { workplaceId: 'hq', homePostcode: '8000' }),
      ...times(4, { workplaceId: 'depot', homePostcode: '8200' }),
      ...times(2, { workplaceId: null, homePostcode: '8210' }),
    ];
    // The depot's 4 and the 2 without a workplace are 6 together: subtracting hq from the whole
    // tells no group of fewer than 5.
    expect(groupSurveyAnswers(answers, (entry) => entry.workplaceId).map((group) => group.key)).toEqual([
      'hq',
    ]);
    const byArea = groupSurveyAnswers(answers, (entry) => postalAreaOf(entry.homePostcode));
    expect(byArea.map((group) => [group.key, group.summary.answers])).toEqual([
      ['80', 6],
      ['82', 6],
    ]);
  });

  it('leaves out the smallest group shown too, when the rest could be worked out from the whole', () => {
    const answers = [
      ...times(9, { workplaceId: 'hq' }),
      ...times(6, { workplaceId: 'office' }),
      ...times(3, { workplaceId: 'depot' }),
    ];
    // Showing hq and office would give away the depot's 3 answers as the whole minus the two.
    expect(groupSurveyAnswers(answers, (entry) => entry.workplaceId).map((group) => group.key)).toEqual([
      'hq',
    ]);
    expect(
      groupSurveyAnswers(
        [...times(5, { workplaceId: 'hq' }), answer({ workplaceId: 'x' })],
        (entry) => entry.workplaceId,
      ),
    ).toEqual([]);
    expect(
      groupSurveyAnswers(
        [...times(5, { workplaceId: 'a' }), ...times(5, { workplaceId: 'b' })],
        (entry) => entry.workplaceId,
      ).map((group) => group.key),
    ).toEqual(['a', 'b']);
  });

  it('tells the change of each mode’s share between two periods, unless either is withheld', () => {
    const before = summariseSurvey([
      ...times(8, { legs: [{ mode: 'car', distance_km: 6, minutes: 12 }] }),
      ...times(2),
    ]);
    const after = summariseSurvey([
      ...times(5, { legs: [{ mode: 'car', distance_km: 6, minutes: 12 }] }),
      ...times(5),
    ]);
    expect(modalShareChange(before, after)).toEqual([
      { mode: 'bike', points: 30 },
      { mode: 'e_bike', points: 0 },
      { mode: 'public_transport', points: 0 },
      { mode: 'car', points: -30 },
      { mode: 'walk', points: 0 },
    ]);
    expect(modalShareChange(before, summariseSurvey(times(3)))).toBeNull();
  });
});
