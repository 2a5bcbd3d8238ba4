import type {
  Survey,
  SurveyAnswerFacts,
  SurveyAnswerView,
  SurveyLeg,
  SurveySummary,
  SurveySummaryView,
} from '@nbr/domain/surveys';
import type { SurveyAnswerRow, SurveyRow } from './surveys.repository.ts';

export function presentSurvey(row: SurveyRow): Survey {
  return {
    id: row.id,
    title: row.title,
    opens_on: row.opensOn,
    closes_on: row.closesOn,
    workplaces: row.workplaces,
    created_at: row.createdAt.toISOString(),
  };
}

/** The person's own answer: postcodes and grid cells, never a point. */
export function presentAnswer(row: SurveyAnswerRow): NonNullable<SurveyAnswerView['answer']> {
  return {
    home_postcode: row.homePostcode,
    work_postcode: row.workPostcode,
    home_grid_cell: row.homeGridCell,
    work_grid_cell: row.workGridCell,
    workplace_id: row.workplaceId,
    days: row.days,
    legs: row.legs as SurveyLeg[] | null,
    would_cycle_more_with_parking: row.wouldCycleMoreWithParking,
    would_cycle_more_with_dock: row.wouldCycleMoreWithDock,
    finished_at: row.finishedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the figures are made of; a finished answer has its postcode, days and legs. */
export function answerFacts(row: SurveyAnswerRow): SurveyAnswerFacts {
  return {
    workplaceId: row.workplaceId,
    homePostcode: row.homePostcode ?? '',
    daysPerWeek: row.days?.length ?? 0,
    legs: (row.legs ?? []) as SurveyLeg[],
    wouldCycleMoreWithParking: row.wouldCycleMoreWithParking ?? false,
    wouldCycleMoreWithDock: row.wouldCycleMoreWithDock ?? false,
  };
}

export function presentSummary(summary: SurveySummary): SurveySummaryView {
  return {
    answers: summary.answers,
    modal_split: summary.modalSplit,
    distance_bands: summary.distanceBands,
    days_per_week: summary.daysPerWeek,
    cycling_potential: summary.cyclingPotential,
    would_cycle_more_with_parking: summary.wouldCycleMoreWithParking,
    would_cycle_more_with_dock: summary.wouldCycleMoreWithDock,
  };
}
