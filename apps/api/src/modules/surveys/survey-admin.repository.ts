import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { surveyAnswers, surveys } from '../../db/schema/surveys.ts';
import type { SurveyRow } from './surveys.repository.ts';

/** The most surveys the backoffice's list answers (newest first). */
export const STAFF_SURVEY_LIST_LIMIT = 500;

export async function updateInvitedCount(
  executor: Executor,
  surveyId: string,
  invitedCount: number | null,
): Promise<SurveyRow> {
  const [row] = await executor
    .update(surveys)
    .set({ invitedCount })
    .where(eq(surveys.id, surveyId))
    .returning();
  if (!row) throw new Error('survey not found');
  return row;
}

/** Every organisation's surveys, newest first, with the organisation's name and the finished answers. */
export async function listAllSurveys(executor: Executor) {
  return executor
    .select({
      survey: surveys,
      organisationName: organisations.name,
      finished: sql<number>`(count(${surveyAnswers.id}) filter (where ${surveyAnswers.finishedAt} is not null))::int`,
    })
    .from(surveys)
    .leftJoin(organisations, eq(organisations.partyId, surveys.organisationPartyId))
    .leftJoin(surveyAnswers, eq(surveyAnswers.surveyId, surveys.id))
    .groupBy(surveys.id, organisations.name)
    .orderBy(desc(surveys.createdAt), desc(surveys.id))
    .limit(STAFF_SURVEY_LIST_LIMIT);
}
