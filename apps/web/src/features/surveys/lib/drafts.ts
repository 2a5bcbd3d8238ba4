import { DRAFT_PREFIX, readJson, writeJson } from '../../../lib/storage.ts';
import type { SurveyStep } from './steps.ts';

/*
 * What a person has typed on a step but not saved yet, per survey and step, in sessionStorage: a
 * reload, or going back and forward in the browser, shows it again. Saving the step forgets it.
 */

const keyOf = (surveyId: string, step: SurveyStep) => `${DRAFT_PREFIX}survey:${surveyId}:${step}`;

export function readStepDraft<T>(surveyId: string, step: SurveyStep): T | null {
  return readJson<T>(keyOf(surveyId, step), 'session');
}

export function writeStepDraft<T>(surveyId: string, step: SurveyStep, value: T | null): void {
  writeJson(keyOf(surveyId, step), value, 'session');
}
