import { todayInRegisterZone } from '@nbr/domain/bikes';
import type { SurveyExportFormat } from '@nbr/domain/survey-admin';
import {
  CYCLING_POTENTIAL_MAX_KM,
  SURVEY_MIN_GROUP_SIZE,
  type SurveyFigures,
  type SurveyFiguresQuery,
  type SurveySummaryView,
} from '@nbr/domain/surveys';
import writeXlsxFile, { type Cell, type SheetData } from 'write-excel-file/node';
import type { Auth, SurveysDeps } from './surveys.service.ts';
import { requireOwnSurvey, surveyFigures } from './surveys.service.ts';

/*
 * The admin panel's downloads (issue 29 §1): the figures of GET /api/operator/surveys/{id}/figures
 * with the same filters, as one table in CSV or XLSX. They are made from those figures only, so they
 * hold nothing the panel does not show: counts and shares of groups of at least
 * SURVEY_MIN_GROUP_SIZE answers, a withheld group as one row saying so, and never an address, a
 * postcode or a grid cell (postal areas are two digits).
 */

type Value = string | number | null;
/** section, group, measure, category, count, share, change_points */
type Row = [string, Value, string, Value, Value, Value, Value];

const HEADER = ['section', 'group', 'measure', 'category', 'count', 'share', 'change_points'] as const;
const WITHHELD = `fewer_than_${SURVEY_MIN_GROUP_SIZE}_answers`;

function summaryRows(section: string, group: string | null, summary: SurveySummaryView | null): Row[] {
  if (summary === null) return [[section, group, 'withheld', WITHHELD, null, null, null]];
  const share = (count: number) => (summary.answers === 0 ? 0 : count / summary.answers);
  return [
    [section, group, 'answers', null, summary.answers, null, null],
    ...summary.modal_split.map(
      (entry): Row => [section, group, 'modal_split', entry.mode, entry.count, entry.share, null],
    ),
    ...summary.distance_bands.map(
      (entry): Row => [section, group, 'distance_km', entry.band, entry.count, share(entry.count), null],
    ),
    ...summary.days_per_week.map(
      (entry): Row => [section, group, 'days_per_week', entry.days, entry.count, share(entry.count), null],
    ),
    [
      section,
      group,
      'cycling_potential',
      `car_under_${CYCLING_POTENTIAL_MAX_KM}_km`,
      summary.cycling_potential.count,
      summary.cycling_potential.share,
      null,
    ],
    [
      section,
      group,
      'would_cycle_more',
      'parking',
      summary.would_cycle_more_with_parking,
      share(summary.would_cycle_more_with_parking),
      null,
    ],
    [
      section,
      group,
      'would_cycle_more',
      'dock',
      summary.would_cycle_more_with_dock,
      share(summary.would_cycle_more_with_dock),
      null,
    ],
  ];
}

/** The export's rows, header first: the survey and its filters, then each group's figures. */
export function surveyExportRows(
  survey: {
    title: string;
    opensOn: string;
    closesOn: string;
    workplaces: Array<{ id: string; name: string }>;
  },
  query: SurveyFiguresQuery,
  figures: SurveyFigures,
): Array<readonly Value[]> {
  const workplace = query.workplace_id
    ? (survey.workplaces.find((candidate) => candidate.id === query.workplace_id?.toLowerCase())?.name ??
      null)
    : null;
  const filter = (measure: string, value: string | undefined | null): Row[] =>
    value ? [['filter', null, measure, value, null, null, null]] : [];
  const rows: Row[] = [
    ['survey', null, 'title', survey.title, null, null, null],
    ['survey', null, 'period', `${survey.opensOn}..${survey.closesOn}`, null, null, null],
    ['survey', null, 'finished_answers', null, figures.finished_answers, null, null],
    ['survey', null, 'invited', null, figures.invited_count, null, null],
    ['survey', null, 'response_rate', null, null, figures.response_rate, null],
    ['survey', null, 'privacy', `groups_of_${WITHHELD}_left_out`, null, null, null],
    ...filter('from', query.from),
    ...filter('to', query.to),
    ...filter('workplace', workplace),
    ...filter('postal_area', query.postal_area),
    ...filter('compare_from', query.compare_from),
    ...filter('compare_to', query.compare_to),
    ...summaryRows('all', null, figures.summary),
    ...figures.by_workplace.flatMap((group) => summaryRows('workplace', group.name, group.summary)),
    ...figures.by_postal_area.flatMap((group) =>
      summaryRows('postal_area', group.postal_area, group.summary),
    ),
  ];
  if (query.compare_from !== undefined || query.compare_to !== undefined) {
    rows.push(
      ...(figures.modal_share_change === null
        ? [['modal_share_change', null, 'withheld', WITHHELD, null, null, null] satisfies Row]
        : figures.modal_share_change.map(
            (entry): Row => ['modal_share_change', null, 'modal_split', entry.mode, null, null, entry.points],
          )),
    );
  }
  return [HEADER, ...rows];
}

/** A CSV field: quoted when needed; a text starting with = + - @ (or a tab or return) is defused so no spreadsheet runs it. */
export function csvField(value: Value): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** UTF-8 with a byte order mark (so a spreadsheet reads æ, ø and å), comma separated, CRLF. */
function toCsv(rows: Array<readonly Value[]>): Buffer {
  return Buffer.from(`\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`, 'utf8');
}

async function toXlsx(rows: Array<readonly Value[]>): Promise<Buffer> {
  const data: SheetData = rows.map((row, index) =>
    row.map((value, column): Cell => {
      if (value === null) return null;
      if (index === 0) return { value: String(value), fontWeight: 'bold' };
      // Texts stay texts (a name is never read as a formula or a number); shares show as percentages.
      if (typeof value === 'string') return { value, type: String };
      return column === 5 ? { value, type: Number, format: '0.0%' } : { value, type: Number };
    }),
  );
  return writeXlsxFile(data, {
    sheet: 'Figures',
    stickyRowsCount: 1,
    columns: [
      { width: 18 },
      { width: 24 },
      { width: 20 },
      { width: 28 },
      { width: 10 },
      { width: 10 },
      { width: 14 },
    ],
  }).toBuffer();
}

/** The media type of each download. */
export const EXPORT_CONTENT_TYPES: Record<SurveyExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The file's name: the survey's title in plain letters and today's date (Europe/Copenhagen). */
export function exportFileName(title: string, format: SurveyExportFormat, now = new Date()): string {
  const slug = title
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'oe')
    .replace(/å/g, 'aa')
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return `survey-${slug || 'figures'}-${todayInRegisterZone(now)}.${format}`;
}

/** GET /api/operator/surveys/{id}/figures.{csv,xlsx}: the figures' download, with the same access and filters. */
export async function exportSurveyFigures(
  deps: SurveysDeps,
  auth: Auth,
  surveyId: string,
  query: SurveyFiguresQuery,
  format: SurveyExportFormat,
): Promise<{ body: Buffer; contentType: string; fileName: string }> {
  const survey = await requireOwnSurvey(deps.db, auth, surveyId);
  const figures = await surveyFigures(deps, auth, survey.id, query);
  const rows = surveyExportRows(survey, query, figures);
  return {
    body: format === 'csv' ? toCsv(rows) : await toXlsx(rows),
    contentType: EXPORT_CONTENT_TYPES[format],
    fileName: exportFileName(survey.title, format),
  };
}
