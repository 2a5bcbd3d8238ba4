import type { Executor } from '../../db/client.ts';
import { presentAnswer } from './surveys.presenter.ts';
import { answersOfPerson, deleteAnswersOf } from './surveys.repository.ts';

/**
 * Surveys' section of the personal data export (issue 29 §1): the person's answers, each with its
 * survey's title and organisation. Positions were never stored, only grid cells.
 */
export async function surveysPersonalData(executor: Executor, partyId: string) {
  const rows = await answersOfPerson(executor, partyId);
  return {
    survey_answers: rows.map(({ answer, title, organisation }) => ({
      id: answer.id,
      survey_id: answer.surveyId,
      survey_title: title,
      organisation_name: organisation,
      ...presentAnswer(answer),
      created_at: answer.createdAt.toISOString(),
    })),
  };
}

/** Account deletion: the person's survey answers go (finished ones leave the figures with them). */
export async function forgetSurveyAnswersOf(executor: Executor, partyId: string): Promise<void> {
  await deleteAnswersOf(executor, partyId);
}
