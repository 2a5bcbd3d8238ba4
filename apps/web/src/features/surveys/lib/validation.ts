import {
  SURVEY_LEG_KM_MAX,
  SURVEY_LEG_MINUTES_MAX,
  SURVEY_LEGS_MAX,
  type SurveyLeg,
  type TravelMode,
} from '@nbr/domain/surveys';
import { parseDecimal, parseWhole } from './summary.ts';

/*
 * The steps' forms as typed (text, so nothing a person types is lost while it is wrong), checked by
 * the same limits the API's schemas hold, each problem as a key of the survey namespace beside its
 * field.
 */

export interface AddressesDraft {
  homePostcode: string;
  workPostcode: string;
  workplaceId: string | null;
}

export interface LegDraft {
  mode: TravelMode | null;
  distance: string;
  minutes: string;
}

export interface TravelDraft {
  legs: LegDraft[];
  parking: boolean;
  dock: boolean;
}

export type FieldErrors = Record<string, string>;

const POSTCODE = /^\d{4}$/;

export function checkAddresses(draft: AddressesDraft, workplaceRequired: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (!POSTCODE.test(draft.homePostcode.trim())) errors.home_postcode = 'errors.postcode';
  if (!POSTCODE.test(draft.workPostcode.trim())) errors.work_postcode = 'errors.postcode';
  if (workplaceRequired && !draft.workplaceId) errors.workplace_id = 'errors.workplace';
  return errors;
}

export function emptyLeg(): LegDraft {
  return { mode: null, distance: '', minutes: '' };
}

/** The legs as the API takes them, or the problems keyed `legs.<index>.<field>`. */
export function checkTravel(draft: TravelDraft): { errors: FieldErrors; legs: SurveyLeg[] } {
  const errors: FieldErrors = {};
  const legs: SurveyLeg[] = [];
  if (draft.legs.length === 0 || draft.legs.length > SURVEY_LEGS_MAX) errors.legs = 'errors.legs';
  draft.legs.forEach((leg, index) => {
    const km = parseDecimal(leg.distance);
    const minutes = parseWhole(leg.minutes);
    if (!leg.mode) errors[`legs.${index}.mode`] = 'errors.mode';
    if (km === null || km <= 0 || km > SURVEY_LEG_KM_MAX)
      errors[`legs.${index}.distance_km`] = 'errors.distance';
    if (minutes === null || minutes < 1 || minutes > SURVEY_LEG_MINUTES_MAX)
      errors[`legs.${index}.minutes`] = 'errors.minutes';
    if (leg.mode && km !== null && minutes !== null) legs.push({ mode: leg.mode, distance_km: km, minutes });
  });
  return { errors, legs };
}

/** The key of the survey namespace that explains a field the API refused (a 422 issue's field). */
export function errorKeyOfField(field: string): string {
  if (field.endsWith('postcode')) return 'errors.postcode';
  if (field === 'workplace_id') return 'errors.workplace';
  if (field.startsWith('days')) return 'errors.days';
  if (field.endsWith('distance_km')) return 'errors.distance';
  if (field.endsWith('minutes')) return 'errors.minutes';
  if (field.endsWith('mode')) return 'errors.mode';
  return 'errors.legs';
}
