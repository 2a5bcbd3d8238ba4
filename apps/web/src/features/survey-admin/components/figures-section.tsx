import type { SurveyExportFormat } from '@nbr/domain/survey-admin';
import {
  CYCLING_POTENTIAL_MAX_KM,
  SURVEY_MIN_GROUP_SIZE,
  type SurveyFigures,
  type SurveyFiguresQuery,
  type SurveySummaryView,
} from '@nbr/domain/surveys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import tableStyles from '../../../ui/table.module.css';
import { downloadSurveyFigures } from '../api/download-survey-figures.ts';
import { useSurveyFigures } from '../api/get-survey-figures.ts';
import styles from '../survey-admin.module.css';
import { FigureChart, type FigureRow } from './figure-chart.tsx';

function useFormats() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const count = new Intl.NumberFormat(language);
  const points = new Intl.NumberFormat(language, { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  return {
    percent: (value: number) => percent.format(value),
    count: (value: number) => count.format(value),
    points: (value: number) => points.format(value),
  };
}

/** The survey's figures for the filters: key numbers, charts with their tables, groups, downloads. */
export function FiguresSection({
  surveyId,
  query,
  fileStem,
}: {
  surveyId: string;
  query: SurveyFiguresQuery;
  /** The downloads' file name without its extension. */
  fileStem: string;
}) {
  const { t } = useTranslation('survey-admin');
  const figures = useSurveyFigures(surveyId, query);
  if (figures.isPending) return <LoadingState label={t('figures.loading')} />;
  if (figures.isError)
    return (
      <LoadError title={t('figures.loadFailed')} error={figures.error} retry={() => void figures.refetch()} />
    );
  return (
    <div className={styles.stack} aria-busy={figures.isFetching}>
      <KeyFigures figures={figures.data} />
      {figures.data.summary ? <Charts summary={figures.data.summary} /> : <Withheld />}
      {figures.data.modal_share_change ? (
        <ChangeChart change={figures.data.modal_share_change} />
      ) : query.compare_from || query.compare_to ? (
        <Alert tone="info" title={t('change.withheldTitle', { min: SURVEY_MIN_GROUP_SIZE })}>
          <p>{t('change.withheld', { min: SURVEY_MIN_GROUP_SIZE })}</p>
        </Alert>
      ) : null}
      {figures.data.summary ? <Groups figures={figures.data} /> : null}
      <Downloads surveyId={surveyId} query={query} fileStem={fileStem} />
    </div>
  );
}

function KeyFigures({ figures }: { figures: SurveyFigures }) {
  const { t } = useTranslation('survey-admin');
  const format = useFormats();
  const items: Array<[string, string]> = [
    [t('key.responses'), format.count(figures.finished_answers)],
    [
      t('key.invited'),
      figures.invited_count === null ? t('key.notSet') : format.count(figures.invited_count),
    ],
    [t('key.rate'), figures.response_rate === null ? t('key.notSet') : format.percent(figures.response_rate)],
    [t('key.selected'), figures.summary ? format.count(figures.summary.answers) : t('key.withheld')],
  ];
  if (figures.summary)
    items.push([
      t('key.potential', { km: CYCLING_POTENTIAL_MAX_KM }),
      `${format.count(figures.summary.cycling_potential.count)} (${format.percent(figures.summary.cycling_potential.share)})`,
    ]);
  return (
    <dl className={styles.keyFigures} data-testid="survey-key-figures">
      {items.map(([label, value]) => (
        <div key={label} className={styles.keyFigure}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Withheld() {
  const { t } = useTranslation('survey-admin');
  return (
    <Alert tone="warning" title={t('withheld.title', { min: SURVEY_MIN_GROUP_SIZE })}>
      <p>{t('withheld.body', { min: SURVEY_MIN_GROUP_SIZE })}</p>
    </Alert>
  );
}

function Charts({ summary }: { summary: SurveySummaryView }) {
  const { t } = useTranslation('survey-admin');
  const format = useFormats();
  const share = (count: number) => (summary.answers === 0 ? 0 : count / summary.answers);
  const countRows = (
    entries: ReadonlyArray<{ key: string; label: string; shortLabel?: string; count: number }>,
  ): FigureRow[] =>
    entries.map((entry) => ({
      key: entry.key,
      label: entry.label,
      shortLabel: entry.shortLabel,
      value: share(entry.count),
      cells: [format.count(entry.count), format.percent(share(entry.count))],
    }));
  const columns = (first: string) => [first, t('table.answers'), t('table.share')];
  return (
    <div className={styles.charts}>
      <FigureChart
        testId="chart-modal-split"
        title={t('charts.modalSplit')}
        summary={t('charts.modalSplitSummary', { count: summary.answers })}
        columns={columns(t('table.mode'))}
        formatValue={format.percent}
        rows={countRows(
          summary.modal_split.map((entry) => ({
            key: entry.mode,
            label: t(`modes.${entry.mode}`),
            count: entry.count,
          })),
        )}
      />
      <FigureChart
        testId="chart-distance"
        title={t('charts.distance')}
        summary={t('charts.distanceSummary')}
        columns={columns(t('table.distance'))}
        formatValue={format.percent}
        rows={countRows(
          summary.distance_bands.map((entry) => ({
            key: entry.band,
            label: t(`bands.${entry.band}`),
            count: entry.count,
          })),
        )}
      />
      <FigureChart
        testId="chart-days"
        title={t('charts.days')}
        summary={t('charts.daysSummary')}
        columns={columns(t('table.days'))}
        formatValue={format.percent}
        rows={countRows(
          summary.days_per_week.map((entry) => ({
            key: String(entry.days),
            label: t('days', { count: entry.days }),
            count: entry.count,
          })),
        )}
      />
      <FigureChart
        testId="chart-would-cycle"
        title={t('charts.wouldCycle')}
        summary={t('charts.wouldCycleSummary', { km: CYCLING_POTENTIAL_MAX_KM })}
        columns={columns(t('table.measure'))}
        formatValue={format.percent}
        rows={countRows([
          {
            key: 'potential',
            label: t('wouldCycle.potential', { km: CYCLING_POTENTIAL_MAX_KM }),
            shortLabel: t('wouldCycle.potentialShort', { km: CYCLING_POTENTIAL_MAX_KM }),
            count: summary.cycling_potential.count,
          },
          {
            key: 'parking',
            label: t('wouldCycle.parking'),
            shortLabel: t('wouldCycle.parkingShort'),
            count: summary.would_cycle_more_with_parking,
          },
          {
            key: 'dock',
            label: t('wouldCycle.dock'),
            shortLabel: t('wouldCycle.dockShort'),
            count: summary.would_cycle_more_with_dock,
          },
        ])}
      />
    </div>
  );
}

function ChangeChart({ change }: { change: NonNullable<SurveyFigures['modal_share_change']> }) {
  const { t } = useTranslation('survey-admin');
  const format = useFormats();
  return (
    <FigureChart
      testId="chart-change"
      title={t('change.title')}
      summary={t('change.summary')}
      columns={[t('table.mode'), t('table.points')]}
      formatValue={(value) => t('change.points', { points: format.points(value) })}
      formatAxis={format.points}
      rows={change.map((entry) => ({
        key: entry.mode,
        label: t(`modes.${entry.mode}`),
        value: entry.points,
        cells: [t('change.points', { points: format.points(entry.points) })],
      }))}
    />
  );
}

/** The figures per workplace and per postal area: only groups of at least 5 answers come from the API. */
function Groups({ figures }: { figures: SurveyFigures }) {
  const { t } = useTranslation('survey-admin');
  const format = useFormats();
  const modeShare = (summary: SurveySummaryView, mode: string) =>
    format.percent(summary.modal_split.find((entry) => entry.mode === mode)?.share ?? 0);
  const groups: Array<{
    id: string;
    title: string;
    rows: Array<{ key: string; name: string; summary: SurveySummaryView }>;
  }> = [
    {
      id: 'workplaces',
      title: t('groups.workplaces'),
      rows: figures.by_workplace.map((group) => ({
        key: group.workplace_id,
        name: group.name,
        summary: group.summary,
      })),
    },
    {
      id: 'postal-areas',
      title: t('groups.postalAreas'),
      rows: figures.by_postal_area.map((group) => ({
        key: group.postal_area,
        name: t('groups.postalArea', { area: group.postal_area }),
        summary: group.summary,
      })),
    },
  ];
  const columns = [
    t('table.group'),
    t('table.answers'),
    t('modes.bike'),
    t('modes.e_bike'),
    t('modes.car'),
    t('table.potential', { km: CYCLING_POTENTIAL_MAX_KM }),
  ];
  return (
    <>
      {groups.map((group) => (
        <Card key={group.id} title={group.title} headingLevel={3} id={`survey-groups-${group.id}`}>
          {group.rows.length === 0 ? (
            <p>{t('groups.none', { min: SURVEY_MIN_GROUP_SIZE })}</p>
          ) : (
            <>
              <table
                className={`${styles.table} ${tableStyles.stackedOnPhone}`}
                data-stacked=""
                data-testid={`survey-groups-${group.id}`}
                aria-labelledby={`survey-groups-${group.id}-heading`}
              >
                <thead>
                  <tr>
                    {columns.map((column) => (
                      <th key={column} scope="col">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {group.rows.map((row) => (
                    <tr key={row.key}>
                      <th scope="row" data-label={columns[0]}>
                        {row.name}
                      </th>
                      <td data-label={columns[1]}>{format.count(row.summary.answers)}</td>
                      <td data-label={columns[2]}>{modeShare(row.summary, 'bike')}</td>
                      <td data-label={columns[3]}>{modeShare(row.summary, 'e_bike')}</td>
                      <td data-label={columns[4]}>{modeShare(row.summary, 'car')}</td>
                      <td data-label={columns[5]}>{format.percent(row.summary.cycling_potential.share)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className={styles.meta}>{t('groups.smallLeftOut', { min: SURVEY_MIN_GROUP_SIZE })}</p>
            </>
          )}
        </Card>
      ))}
    </>
  );
}

function Downloads({
  surveyId,
  query,
  fileStem,
}: {
  surveyId: string;
  query: SurveyFiguresQuery;
  fileStem: string;
}) {
  const { t } = useTranslation(['survey-admin', 'common']);
  const [pending, setPending] = useState<SurveyExportFormat | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const download = async (format: SurveyExportFormat) => {
    setPending(format);
    setProblem(null);
    try {
      await downloadSurveyFigures(surveyId, query, format, `${fileStem}.${format}`);
    } catch (error) {
      setProblem(errorMessage(error, t));
    } finally {
      setPending(null);
    }
  };
  return (
    <Card title={t('downloads.title')} headingLevel={3} id="survey-downloads">
      <p>{t('downloads.lead', { min: SURVEY_MIN_GROUP_SIZE })}</p>
      <div className={styles.actions}>
        <Button
          size="small"
          variant="secondary"
          isPending={pending === 'csv'}
          onPress={() => void download('csv')}
        >
          {t('downloads.csv')}
        </Button>
        <Button
          size="small"
          variant="secondary"
          isPending={pending === 'xlsx'}
          onPress={() => void download('xlsx')}
        >
          {t('downloads.xlsx')}
        </Button>
      </div>
      {problem ? (
        <Alert tone="error">
          <p>{problem}</p>
        </Alert>
      ) : null}
    </Card>
  );
}
