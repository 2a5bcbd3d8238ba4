import type { TheftStep } from '@nbr/domain/theft';
import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT } from '../../../test/theft-draft.ts';
import {
  furthestUnlocked,
  isUnlocked,
  openSteps,
  resumeStep,
  unlockAfter,
  unlockedSections,
  withOpenSteps,
} from './theft-steps.ts';

describe('theft wizard steps', () => {
  it('always opens personal-info and nothing else at first', () => {
    expect(unlockedSections([])).toEqual(['personal-info']);
    expect(isUnlocked('insurance', ['personal-info'])).toBe(false);
    expect(furthestUnlocked([])).toBe('personal-info');
  });

  it('opens the next step when a step is saved with Next, in wizard order', () => {
    expect(unlockAfter(['personal-info'], 'personal-info')).toEqual(['personal-info', 'insurance']);
    expect(unlockAfter(['personal-info', 'insurance'], 'personal-info')).toEqual([
      'personal-info',
      'insurance',
    ]);
    expect(unlockAfter(['insurance', 'personal-info', 'bike-info'], 'bike-info')).toEqual([
      'personal-info',
      'insurance',
      'bike-info',
      'culprit-info',
    ]);
    // send-report is the last section: report-confirmed is never opened by saving.
    const all = ['personal-info', 'insurance', 'bike-info', 'culprit-info', 'time-location', 'send-report'];
    expect(unlockAfter(all, 'send-report')).toEqual(all);
  });

  it('sends a locked address to the furthest open step and resumes where the person was', () => {
    const unlocked: TheftStep[] = ['personal-info', 'insurance', 'bike-info'];
    expect(furthestUnlocked(unlocked)).toBe('bike-info');
    expect(resumeStep({ previous_page: 'insurance', unlocked_steps: unlocked })).toBe('insurance');
    expect(resumeStep({ previous_page: 'send-report', unlocked_steps: unlocked })).toBe('bike-info');
    expect(resumeStep({ previous_page: 'report-confirmed', unlocked_steps: unlocked })).toBe('bike-info');
    expect(resumeStep({ previous_page: null, unlocked_steps: unlocked })).toBe('bike-info');
  });

  it('opens the step after every finished open step, as a draft saved to finish later needs (issue 27)', () => {
    // Saved with "Save and finish later" on bike-info, finished: culprit-info was left locked.
    const draft = {
      ...EMPTY_DRAFT,
      unlocked_steps: ['personal-info', 'insurance', 'bike-info'] as TheftStep[],
      previous_page: 'bike-info' as const,
      bike_category: 'city' as const,
      bike_color: 'blue' as const,
      is_electric: false,
      lock_status: 'locked' as const,
    };
    expect(openSteps(draft)).toEqual(['personal-info', 'insurance', 'bike-info', 'culprit-info']);
    expect(resumeStep(withOpenSteps({ ...draft, previous_page: null }))).toBe('culprit-info');
    // An unfinished step opens nothing; a finished step that is not open yet opens nothing either.
    expect(openSteps({ ...draft, lock_status: null })).toEqual(['personal-info', 'insurance', 'bike-info']);
    expect(openSteps({ ...draft, unlocked_steps: ['personal-info'] })).toEqual(['personal-info']);
  });
});
