import type { TheftReport } from '@nbr/domain/theft';
import type { TFunction } from 'i18next';

/** What the owner's bike is, beyond the report's own fields (its make and model from the bike). */
export interface PoliceBikeFacts {
  brand?: string | null;
  model?: string | null;
}

/**
 * The report's facts the police's online form asks for, as lines to copy: frame number, a
 * description of the bike, when and where it was stolen, the insurer. The register sends nothing
 * to the police itself; the owner reports there and pastes these.
 */
export function policeDetailLines(
  report: TheftReport,
  bike: PoliceBikeFacts,
  t: TFunction,
  formatMoment: (value: string | null) => string | null,
): string[] {
  const description = [
    [bike.brand, bike.model].filter(Boolean).join(' '),
    report.bike_color ? t(`common:bike.colors.${report.bike_color}`) : null,
    report.bike_category ? t(`common:bike.categories.${report.bike_category}`) : null,
    report.is_electric ? t('theft:police.electric') : null,
  ]
    .filter(Boolean)
    .join(', ');
  const place =
    report.place ?? (report.location ? `${report.location.latitude}, ${report.location.longitude}` : null);
  const rows: [string, string | null][] = [
    [t('theft:fields.frame_number'), report.frame_number],
    [t('theft:police.description'), description || null],
    [t('theft:fields.time_last_seen'), formatMoment(report.time_last_seen)],
    [t('theft:fields.noted_time'), formatMoment(report.noted_time)],
    [t('theft:fields.place'), place],
    [
      t('theft:fields.insurance_company'),
      report.is_insured ? report.insurance_company : t('theft:police.notInsured'),
    ],
  ];
  return rows.map(([label, value]) => `${label}: ${value ?? t('theft:report.notGiven')}`);
}
