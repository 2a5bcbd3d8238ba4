import { type SurveyFiguresQuery, SurveyFiguresQuerySchema } from '@nbr/domain/surveys';

/*
 * The panel's filters live in the address (?survey=…&from=…&workplace_id=…), so a filtered view can
 * be reloaded, shared with a colleague and gone back to. These turn the address into the API's query
 * and back; a value the API would refuse is left out rather than shown as an error page.
 */

export const FILTER_KEYS = [
  'from',
  'to',
  'workplace_id',
  'postal_area',
  'compare_from',
  'compare_to',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type FilterValues = Record<FilterKey, string>;

export const EMPTY_FILTERS: FilterValues = {
  from: '',
  to: '',
  workplace_id: '',
  postal_area: '',
  compare_from: '',
  compare_to: '',
};

/** The filters in the address, each as typed ('' when absent). */
export function filtersFromSearch(search: URLSearchParams): FilterValues {
  const values = { ...EMPTY_FILTERS };
  for (const key of FILTER_KEYS) values[key] = search.get(key)?.trim() ?? '';
  return values;
}

/** The API's query: the filters that are set and valid; an invalid one is dropped. */
export function figuresQueryOf(values: FilterValues): SurveyFiguresQuery {
  const query: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = values[key];
    if (value === '') continue;
    const one = SurveyFiguresQuerySchema.safeParse({ [key]: value });
    if (one.success) query[key] = value;
  }
  const whole = SurveyFiguresQuerySchema.safeParse(query);
  return whole.success ? whole.data : {};
}

/** Which filters the API would refuse, as field → validation code, for the form's messages. */
export function filterProblems(values: FilterValues): Partial<Record<FilterKey, string>> {
  const problems: Partial<Record<FilterKey, string>> = {};
  const set = Object.fromEntries(
    FILTER_KEYS.filter((key) => values[key] !== '').map((key) => [key, values[key]]),
  );
  const checked = SurveyFiguresQuerySchema.safeParse(set);
  if (checked.success) return problems;
  for (const issue of checked.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && (FILTER_KEYS as readonly string[]).includes(key) && !(key in problems))
      problems[key as FilterKey] = key === 'postal_area' ? 'postalArea' : 'period';
  }
  return problems;
}

/** The address's search with the survey and the filters that are set. */
export function searchOf(surveyId: string | null, values: FilterValues): Record<string, string | undefined> {
  const search: Record<string, string | undefined> = { survey: surveyId ?? undefined };
  for (const key of FILTER_KEYS) search[key] = values[key] === '' ? undefined : values[key];
  return search;
}
