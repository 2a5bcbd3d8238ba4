import type { SurveyExportFormat } from '@nbr/domain/survey-admin';
import type { SurveyFiguresQuery } from '@nbr/domain/surveys';
import { API_BASE, fetchAuthenticatedFile } from '../../../lib/api-client.ts';
import { surveyFiguresPath } from './get-survey-figures.ts';

/**
 * GET /operator/surveys/{id}/figures.{csv,xlsx} — the figures with the same filters, fetched with the
 * bearer token and saved from an object URL under `fileName`.
 */
export async function downloadSurveyFigures(
  surveyId: string,
  query: SurveyFiguresQuery,
  format: SurveyExportFormat,
  fileName: string,
): Promise<void> {
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const suffix = search.size > 0 ? `?${search}` : '';
  const blob = await fetchAuthenticatedFile(`${API_BASE}${surveyFiguresPath(surveyId)}.${format}${suffix}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
