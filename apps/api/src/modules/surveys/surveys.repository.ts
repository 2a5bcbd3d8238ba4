import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { surveyAnswers, surveys } from '../../db/schema/surveys.ts';

export type SurveyRow = typeof surveys.$inferSelect;
export type SurveyAnswerRow = typeof surveyAnswers.$inferSelect;

export async function insertSurvey(
  executor: Executor,
  values: typeof surveys.$inferInsert,
): Promise<SurveyRow> {
  const [row] = await executor.insert(surveys).values(values).returning();
  if (!row) throw new Error('survey not inserted');
  return row;
}

export async function findSurvey(executor: Executor, id: string): Promise<SurveyRow | null> {
  const [row] = await executor.select().from(surveys).where(eq(surveys.id, id));
  return row ?? null;
}

/** The organisation's surveys, newest first, with their finished answers' count. */
export async function listSurveysOfOrganisation(executor: Executor, organisationPartyId: string) {
  return executor
    .select({
      survey: surveys,
      finished: sql<number>`(count(${surveyAnswers.id}) filter (where ${surveyAnswers.finishedAt} is not null))::int`,
    })
    .from(surveys)
    .leftJoin(surveyAnswers, eq(surveyAnswers.surveyId, surveys.id))
    .where(eq(surveys.organisationPartyId, organisationPartyId))
    .groupBy(surveys.id)
    .orderBy(desc(surveys.createdAt), desc(surveys.id));
}

export async function countFinishedAnswers(executor: Executor, surveyId: string): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(surveyAnswers)
    .where(and(eq(surveyAnswers.surveyId, surveyId), isNotNull(surveyAnswers.finishedAt)));
  return row?.n ?? 0;
}

/** Finished answers of a survey, finished on the days from…to (Europe/Copenhagen) when given. */
export async function listFinishedAnswers(
  executor: Executor,
  surveyId: string,
  period: { from: string | null; to: string | null },
): Promise<SurveyAnswerRow[]> {
  const finishedOn = sql`(${surveyAnswers.finishedAt} at time zone 'Europe/Copenhagen')::date`;
  return executor
    .select()
    .from(surveyAnswers)
    .where(
      and(
        eq(surveyAnswers.surveyId, surveyId),
        isNotNull(surveyAnswers.finishedAt),
        period.from ? sql`${finishedOn} >= ${period.from}::date` : undefined,
        period.to ? sql`${finishedOn} <= ${period.to}::date` : undefined,
      ),
    )
    .orderBy(asc(surveyAnswers.id));
}

export async function findAnswerOfPerson(
  executor: Executor,
  surveyId: string,
  partyId: string,
  lock = false,
): Promise<SurveyAnswerRow | null> {
  const query = executor
    .select()
    .from(surveyAnswers)
    .where(and(eq(surveyAnswers.surveyId, surveyId), eq(surveyAnswers.partyId, partyId)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

type AnswerStep = Partial<
  Omit<typeof surveyAnswers.$inferInsert, 'id' | 'surveyId' | 'partyId' | 'createdAt' | 'updatedAt'>
>;

/**
 * Saves one step of the person's answer: creates their one answer on the first step (the unique
 * (survey_id, party_id) index settles two first steps at once) and updates it after.
 */
export async function upsertAnswerStep(
  executor: Executor,
  input: { id: string; surveyId: string; partyId: string; now: Date; step: AnswerStep },
): Promise<SurveyAnswerRow> {
  const [row] = await executor
    .insert(surveyAnswers)
    .values({
      id: input.id,
      surveyId: input.surveyId,
      partyId: input.partyId,
      createdAt: input.now,
      updatedAt: input.now,
      ...input.step,
    })
    .onConflictDoUpdate({
      target: [surveyAnswers.surveyId, surveyAnswers.partyId],
      targetWhere: sql`${surveyAnswers.partyId} is not null`,
      set: { ...input.step, updatedAt: input.now },
    })
    .returning();
  if (!row) throw new Error('survey answer not saved');
  return row;
}

export async function markAnswerFinished(
  executor: Executor,
  id: string,
  now: Date,
): Promise<SurveyAnswerRow> {
  const [row] = await executor
    .update(surveyAnswers)
    .set({ finishedAt: now, updatedAt: now })
    .where(eq(surveyAnswers.id, id))
    .returning();
  if (!row) throw new Error('survey answer not found');
  return row;
}

/** The person's answers for the personal data export, with each survey's title and organisation. */
export async function answersOfPerson(executor: Executor, partyId: string) {
  return executor
    .select({ answer: surveyAnswers, title: surveys.title, organisation: organisations.name })
    .from(surveyAnswers)
    .innerJoin(surveys, eq(surveys.id, surveyAnswers.surveyId))
    .leftJoin(organisations, eq(organisations.partyId, surveys.organisationPartyId))
    .where(eq(surveyAnswers.partyId, partyId))
    .orderBy(desc(surveyAnswers.createdAt), desc(surveyAnswers.id));
}

/** Deletes every answer of the person (account deletion). */
export async function deleteAnswersOf(executor: Executor, partyId: string): Promise<void> {
  await executor.delete(surveyAnswers).where(eq(surveyAnswers.partyId, partyId));
}
