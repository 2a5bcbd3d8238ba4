import type { Bike } from '@nbr/domain/bikes';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import styles from '../bikes.module.css';

function formatPrice(price: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language === 'no' ? 'nb' : language, {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
  }).format(price);
}

/** Every field of the bike as its owner sees it; what is not stated says so. */
export function BikeFacts({ bike }: { bike: Bike }) {
  const { t, i18n } = useTranslation('bikes');
  const none = t('fields.notStated');
  const rows: [string, string, boolean?][] = [
    [t('fields.nickname'), bike.nickname],
    [t('fields.frameNumber'), bike.frame_number ?? none, bike.frame_number !== null],
    [t('fields.plateId'), bike.plate_id ?? none, bike.plate_id !== null],
    [t('fields.brand'), bike.brand ?? none],
    [t('fields.model'), bike.model ?? none],
    [t('fields.productionYear'), bike.production_year === null ? none : String(bike.production_year)],
    [t('fields.category'), bike.category ? t(`common:bike.categories.${bike.category}`) : none],
    [t('fields.color'), bike.color ? t(`common:bike.colors.${bike.color}`) : none],
    [t('fields.type'), bike.type ? t(`types.${bike.type}`) : none],
    [t('fields.electric'), bike.is_electric ? t('facts.yes') : t('facts.no')],
    [
      t('fields.priceShort'),
      bike.price === null ? none : formatPrice(bike.price, bike.currency, i18n.language),
    ],
    [t('fields.purchaseDate'), bike.purchase_date ? formatDate(bike.purchase_date, i18n.language) : none],
    [t('fields.bikeDna'), bike.bikedna_code ?? none, bike.bikedna_code !== null],
    [t('fields.visibility'), t(`visibility.${bike.visibility}`)],
    [t('facts.registered'), formatDate(bike.created_at, i18n.language)],
  ];
  return (
    <dl className={styles.facts}>
      {rows.map(([label, value, isCode]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd className={isCode ? styles.code : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
