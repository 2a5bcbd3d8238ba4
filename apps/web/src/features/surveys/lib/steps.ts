import type { SurveyAnswerView } from '@nbr/domain/surveys';
import { paths } from '../../../config/paths.ts';

/** The survey's steps in the order a person answers them. */
export const SURVEY_STEPS = ['addresses', 'commutingDays', 'travel'] as const;
export type SurveyStep = (typeof SURVEY_STEPS)[number];

type Answer = SurveyAnswerView['answer'];

/** Whether the answer holds the step. */
export function stepDone(answer: Answer, step: SurveyStep): boolean {
  if (!answer) return false;
  if (step === 'addresses') return answer.home_postcode !== null;
  if (step === 'commutingDays') return answer.days !== null;
  return answer.legs !== null;
}

/** The first step the answer lacks; null when every step is in. */
export function firstUnfinishedStep(answer: Answer): SurveyStep | null {
  return SURVEY_STEPS.find((step) => !stepDone(answer, step)) ?? null;
}

/** The address of a step of the survey (the survey's id rides along in ?id=). */
export function stepHref(step: SurveyStep, surveyId: string): string {
  const search = { id: surveyId };
  if (step === 'addresses') return paths.surveys.addresses.getHref(search);
  if (step === 'commutingDays') return paths.surveys.commutingDays.getHref(search);
  return paths.surveys.pendlerTravel.getHref(search);
}

/** The survey's landing page: the invitation, or the thank-you once the answer is finished. */
export function landingHref(surveyId: string): string {
  return paths.surveys.survey.getHref({ id: surveyId });
}

/** Where to go after saving `step`: the next step, or once it is all in, the thank-you. */
export function afterStepHref(step: SurveyStep, answer: Answer, surveyId: string): string {
  const next = SURVEY_STEPS[SURVEY_STEPS.indexOf(step) + 1];
  if (next) return stepHref(next, surveyId);
  const missing = firstUnfinishedStep(answer);
  return missing ? stepHref(missing, surveyId) : landingHref(surveyId);
}
