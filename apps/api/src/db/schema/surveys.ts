import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { parties } from './identity.ts';

/*
 * The commuter survey (issue 29 §1). An organisation runs a survey for its workplaces; a signed-in
 * person or a visitor (holding an answer token) answers it in three steps (addresses, commuting
 * days, travel), one answer per signed-in person per survey. Positions are kept as grid cells (surveyGridCell in @nbr/domain/surveys), never as points.
 */

export const surveys = pgTable(
  'surveys',
  {
    id: uuid('id').primaryKey(),
    organisationPartyId: uuid('organisation_party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    opensOn: date('opens_on', { mode: 'string' }).notNull(),
    closesOn: date('closes_on', { mode: 'string' }).notNull(),
    /** The workplaces or schools an answer may name: [{ id, name }]. */
    workplaces: jsonb('workplaces').$type<Array<{ id: string; name: string }>>().notNull().default([]),
    /** How many people the organisation invited (the response rate's denominator); null until it says. */
    invitedCount: integer('invited_count'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('surveys_organisation_idx').on(table.organisationPartyId, table.createdAt)],
);

/** One person's answer to a survey, saved step by step; finished once the travel step is in. */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    id: uuid('id').primaryKey(),
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    /** Gone with the account (the answer with it). Null for a visitor's answer. */
    partyId: uuid('party_id').references(() => parties.id, { onDelete: 'cascade' }),
    /**
     * A visitor's answer: the SHA-256 of the answer token their browser holds to resume it (the
     * token itself is never stored). Cleared when a signed-in person claims the answer.
     */
    answerTokenHash: text('answer_token_hash'),
    homePostcode: text('home_postcode'),
    workPostcode: text('work_postcode'),
    homeGridCell: text('home_grid_cell'),
    workGridCell: text('work_grid_cell'),
    workplaceId: uuid('workplace_id'),
    /** ISO weekdays commuted on (1 Monday … 7 Sunday); null until that step. */
    days: jsonb('days').$type<number[]>(),
    legs: jsonb('legs').$type<Array<{ mode: string; distance_km: number; minutes: number }>>(),
    wouldCycleMoreWithParking: boolean('would_cycle_more_with_parking'),
    wouldCycleMoreWithDock: boolean('would_cycle_more_with_dock'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('survey_answers_person_key')
      .on(table.surveyId, table.partyId)
      .where(sql`${table.partyId} is not null`),
    index('survey_answers_party_idx').on(table.partyId),
    uniqueIndex('survey_answers_token_key')
      .on(table.answerTokenHash)
      .where(sql`${table.answerTokenHash} is not null`),
  ],
);
