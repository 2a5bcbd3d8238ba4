import type { Currency } from '@nbr/domain/locale';
import type { TheftReport } from '@nbr/domain/theft';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { htmlLang } from '../../../lib/i18n.ts';
import { Card } from '../../../ui/card.tsx';
import styles from '../theft.module.css';
import { formatPoint } from './place-picker.tsx';

export function formatMoment(value: string | null, language: string): string | null {
  if (!value) return null;
  return new Intl.DateTimeFormat(htmlLang(language), { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(value),
  );
}

function Facts({ rows }: { rows: [label: string, value: ReactNode | null | undefined][] }) {
  const { t } = useTranslation('theft');
  return (
    <dl className={styles.facts}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd className={value === null || value === undefined || value === '' ? styles.muted : undefined}>
            {value === null || value === undefined || value === '' ? t('report.notGiven') : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The report as its owner sees it: every section, the national id number masked, the exact place. */
export function TheftReportDetails({ report, currency }: { report: TheftReport; currency: Currency }) {
  const { t, i18n } = useTranslation(['theft', 'common']);
  const yesNo = (value: boolean | null) =>
    value === null ? null : value ? t('choices.yes') : t('choices.no');
  const address = [
    [report.street_address, [report.floor, report.side, report.door].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', '),
    [report.zip_code, report.city].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join('\n');
  const price =
    report.bike_price === null
      ? null
      : new Intl.NumberFormat(htmlLang(i18n.language), {
          style: 'currency',
          currency,
          maximumFractionDigits: 0,
        }).format(report.bike_price);
  const acknowledged = (value: boolean | null) => (value ? t('report.confirmed') : t('report.notConfirmed'));

  return (
    <div className={styles.reportGrid}>
      <Card title={t('steps.personal-info.title')} id="report-personal-info">
        <Facts
          rows={[
            [t('fields.name'), [report.first_name, report.last_name].filter(Boolean).join(' ')],
            [t('fields.email'), report.email],
            [t('fields.address'), address],
            [t('fields.mobile'), report.mobile],
            [t('fields.telephone'), report.telephone],
            [t('fields.police_report_requested'), yesNo(report.police_report_requested)],
          ]}
        />
      </Card>
      <Card title={t('steps.insurance.title')} id="report-insurance">
        <Facts
          rows={[
            [t('fields.is_insured'), yesNo(report.is_insured)],
            ...(report.is_insured
              ? ([[t('fields.insurance_company'), report.insurance_company]] as [string, string | null][])
              : []),
            [t('fields.bike_price'), price],
          ]}
        />
      </Card>
      <Card title={t('steps.bike-info.title')} id="report-bike-info">
        <Facts
          rows={[
            [t('fields.frame_number'), report.frame_number],
            [
              t('fields.bike_category'),
              report.bike_category ? t(`common:bike.categories.${report.bike_category}`) : null,
            ],
            [t('fields.bike_color'), report.bike_color ? t(`common:bike.colors.${report.bike_color}`) : null],
            [t('fields.is_electric'), yesNo(report.is_electric)],
            ...(report.is_electric
              ? ([
                  [
                    t('fields.battery_location'),
                    report.battery_location ? t(`batteryLocations.${report.battery_location}`) : null,
                  ],
                ] as [string, string | null][])
              : []),
            [t('fields.lock_status'), report.lock_status ? t(`lockStatuses.${report.lock_status}`) : null],
          ]}
        />
      </Card>
      <Card title={t('steps.culprit-info.title')} id="report-culprit-info">
        <Facts
          rows={[
            [t('fields.is_culprit_known'), yesNo(report.is_culprit_known)],
            ...(report.is_culprit_known
              ? ([
                  [t('fields.culprit_info'), report.culprit_info],
                  [t('fields.is_culprit_recognizable'), yesNo(report.is_culprit_recognizable)],
                ] as [string, string | null][])
              : []),
            [t('fields.has_witness'), yesNo(report.has_witness)],
            ...(report.has_witness
              ? ([[t('fields.witnesses'), report.witnesses]] as [string, string | null][])
              : []),
          ]}
        />
      </Card>
      <Card title={t('steps.time-location.title')} id="report-time-location">
        <Facts
          rows={[
            [t('fields.time_last_seen'), formatMoment(report.time_last_seen, i18n.language)],
            [t('fields.noted_time'), formatMoment(report.noted_time, i18n.language)],
            [t('fields.place'), report.place],
            [
              t('report.pickedPoint'),
              report.location ? formatPoint(report.location, htmlLang(i18n.language)) : null,
            ],
          ]}
        />
        <p className={styles.hint}>
          {report.public_location ? t('report.publicPlace') : t('report.noPublicPlace')}
        </p>
      </Card>
      <Card title={t('report.acknowledgementsTitle')} id="report-acknowledgements">
        <Facts
          rows={[
            [t('fields.acknowledgement_payout'), acknowledged(report.acknowledgement_payout)],
            [t('fields.acknowledgement_data_share'), acknowledged(report.acknowledgement_data_share)],
            [
              t('fields.acknowledgement_ownership_transfer'),
              acknowledged(report.acknowledgement_ownership_transfer),
            ],
          ]}
        />
      </Card>
    </div>
  );
}
