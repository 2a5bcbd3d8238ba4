import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { surveyAnswers } from '../../db/schema/surveys.ts';
import type { SurveyAnswerRow } from './surveys.repository.ts';

type AnswerStep = Partial<
  Omit<
    typeof surveyAnswers.$inferInsert,
    'id' | 'surveyId' | 'partyId' | 'answerTokenHash' | 'createdAt' | 'updatedAt'
  >
>;

/** The name of the organisation that runs a survey; null when it has no organisation record. */
export async function findOrganisationName(executor: Executor, partyId: string): Promise<string | null> {
  const [row] = await executor
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.partyId, partyId));
  return row?.name ?? null;
}

/** A visitor's answer to the survey by the hash of its token; a claimed answer has none. */
export async function findAnswerByTokenHash(
  executor: Executor,
  surveyId: string,
  tokenHash: string,
  lock = false,
): Promise<SurveyAnswerRow | null> {
  const query = executor
    .select()
    .from(surveyAnswers)
    .where(
      and(
        eq(surveyAnswers.surveyId, surveyId),
        eq(surveyAnswers.answerTokenHash, tokenHash),
        isNull(surveyAnswers.partyId),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Starts a visitor's answer with its first step. */
export async function insertVisitorAnswer(
  executor: Executor,
  input: { id: string; surveyId: string; tokenHash: string; now: Date; step: AnswerStep },
): Promise<SurveyAnswerRow> {
  const [row] = await executor
    .insert(surveyAnswers)
    .values({
      id: input.id,
      surveyId: input.surveyId,
      partyId: null,
      answerTokenHash: input.tokenHash,
      createdAt: input.now,
      updatedAt: input.now,
      ...input.step,
    })
    .returning();
  if (!row) throw new Error('survey answer not inserted');
  return row;
}

/** Saves one more step into an answer. */
export async function updateAnswerStep(
  executor: Executor,
  id: string,
  now: Date,
  step: AnswerStep,
): Promise<SurveyAnswerRow> {
  const [row] = await executor
    .update(surveyAnswers)
    .set({ ...step, updatedAt: now })
    .where(eq(surveyAnswers.id, id))
    .returning();
  if (!row) throw new Error('survey answer not found');
  return row;
}

/**
 * Links a visitor's answer to the person who signed in and forgets its token: from now on it is
 * theirs by account (in their export, gone with their account), and the token opens nothing.
 */
export async function claimAnswer(
  executor: Executor,
  id: string,
  partyId: string,
  now: Date,
): Promise<SurveyAnswerRow> {
  const [row] = await executor
    .update(surveyAnswers)
    .set({ partyId, answerTokenHash: null, updatedAt: now })
    .where(eq(surveyAnswers.id, id))
    .returning();
  if (!row) throw new Error('survey answer not found');
  return row;
}

/** PostgreSQL's unique_violation, as raised directly (pg) or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; ) {
    if (current.code === '23505') return true;
    current = current.cause as typeof current;
  }
  return false;
}
