import type { TheftStep } from '@nbr/domain/theft';
import { describe, expect, it } from 'vitest';
import { furthestUnlocked, isUnlocked, resumeStep, unlockAfter, unlockedSections } from './theft-steps.ts';

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
});
