import type { BikeCategory, BikeColor, BikeStatus } from '@nbr/domain/bikes';
import { useTranslation } from 'react-i18next';
import { useBikeName } from './bike-name.ts';
import styles from './public-bike-facts.module.css';

/** What a stranger may know of a bike (a search hit or the public page); never anything of the owner. */
export interface PublicBikeFacts {
  status: BikeStatus;
  brand: string | null;
  model: string | null;
  color: BikeColor | null;
  category: BikeCategory | null;
  is_electric?: boolean;
  picture_url: string | null;
  thumbnail_url: string | null;
}

/** The bike's public name (bike-name.ts): 'Brand Model', else its kind without a brand. */
export function useBikeTitle(): (bike: Pick<PublicBikeFacts, 'brand' | 'model' | 'category'>) => string {
  return useBikeName();
}

/** The public picture (or its thumbnail), or a plain placeholder when there is none. */
export function BikePicture({
  url,
  alt,
  size = 'thumbnail',
}: {
  url: string | null;
  alt: string;
  size?: 'thumbnail' | 'large';
}) {
  const { t } = useTranslation('search');
  const className = size === 'large' ? styles.pictureLarge : styles.thumbnail;
  if (!url) {
    return (
      <div className={`${className} ${styles.noPicture}`}>
        <svg viewBox="0 0 48 32" aria-hidden="true" focusable="false" className={styles.noPictureIcon}>
          <circle cx="10" cy="22" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="38" cy="22" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
          <path
            d="M10 22 17 9h13l8 13M17 9l-2-4h-4m19 4-6 13H10"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
        <span className={styles.noPictureText}>{t('bike.noPicture')}</span>
      </div>
    );
  }
  return <img className={className} src={url} alt={alt} loading="lazy" decoding="async" />;
}

/** Colour, category and (on the public page) whether it is electric, as a description list. */
export function BikeFactList({ bike }: { bike: PublicBikeFacts }) {
  const { t } = useTranslation('search');
  const rows: Array<[string, string]> = [];
  if (bike.brand) rows.push([t('bike.brand'), bike.brand]);
  if (bike.model) rows.push([t('bike.model'), bike.model]);
  if (bike.color) rows.push([t('bike.color'), t(`common:bike.colors.${bike.color}`)]);
  if (bike.category) rows.push([t('bike.category'), t(`common:bike.categories.${bike.category}`)]);
  if (bike.is_electric !== undefined)
    rows.push([t('bike.electric'), bike.is_electric ? t('bike.yes') : t('bike.no')]);
  if (rows.length === 0) return null;
  return (
    <dl className={styles.facts}>
      {rows.map(([term, value]) => (
        <div key={term} className={styles.fact}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
