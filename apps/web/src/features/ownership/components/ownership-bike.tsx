import { useTranslation } from 'react-i18next';
import { Icon } from '../../../ui/icon.tsx';
import styles from '../ownership.module.css';

export interface OwnershipBikeFacts {
  nickname?: string | null;
  brand: string | null;
  model: string | null;
  frame_number: string | null;
  plate_id: string | null;
  thumbnail_url?: string | null;
}

/** The name a bike goes by: its nickname, else make and model, else 'a bike'. */
export function useOwnershipBikeTitle() {
  const { t } = useTranslation('ownership');
  return (bike: OwnershipBikeFacts) =>
    bike.nickname || [bike.brand, bike.model].filter(Boolean).join(' ') || t('bike.unnamed');
}

/** A bike's picture, or a drawn bike; decorative (the name beside it says which bike). */
export function OwnershipThumbnail({ url }: { url: string | null | undefined }) {
  if (!url) {
    return (
      <span className={`${styles.thumbnail} ${styles.thumbnailEmpty}`}>
        <Icon name="bike" size={32} />
      </span>
    );
  }
  return <img className={styles.thumbnail} src={url} alt="" loading="lazy" decoding="async" />;
}

/**
 * One bike of a transfer or request: picture, name, make, and both identifiers, so the person can
 * check it is the bike in front of them.
 */
export function OwnershipBikeSummary({
  bike,
  headingLevel = 3,
  withheldLabel,
}: {
  bike: OwnershipBikeFacts;
  headingLevel?: 2 | 3 | 4;
  /**
   * What an absent identifier means when the register withholds it from the reader (a bike they
   * gave away), instead of "missing".
   */
  withheldLabel?: string;
}) {
  const { t } = useTranslation('ownership');
  const absent = withheldLabel ?? t('bike.missing');
  const title = useOwnershipBikeTitle()(bike);
  const make = [bike.brand, bike.model].filter(Boolean).join(' ');
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={styles.bike}>
      <OwnershipThumbnail url={bike.thumbnail_url} />
      <div>
        <Heading className={styles.bikeTitle}>{title}</Heading>
        {make && make !== title ? <p className={styles.bikeMeta}>{make}</p> : null}
        <dl className={styles.identifiers}>
          <div>
            <dt>{t('bike.frameNumber')}</dt>
            <dd className={bike.frame_number ? styles.code : styles.muted}>{bike.frame_number ?? absent}</dd>
          </div>
          <div>
            <dt>{t('bike.plateId')}</dt>
            <dd className={bike.plate_id ? styles.code : styles.muted}>{bike.plate_id ?? absent}</dd>
          </div>
        </dl>
      </div>
    </div>
  );
}
