import type { StolenBikeProperties } from '@nbr/domain/stolen-map';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icon.tsx';
import styles from '../stolen-map.module.css';
import { StolenBikeItem } from './stolen-bike-item.tsx';

/**
 * The card a bike marker opens over the map (several when bikes share a rounded place). It takes
 * focus when it opens; Escape or the close button gives it back to the marker.
 */
export function BikeCard({ bikes, onClose }: { bikes: StolenBikeProperties[]; onClose: () => void }) {
  const { t } = useTranslation('stolen-map');
  const heading = useRef<HTMLHeadingElement>(null);
  const firstId = bikes[0]?.bike_id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a different bike's card takes focus again.
  useEffect(() => {
    heading.current?.focus();
  }, [firstId]);
  return (
    <section
      className={styles.card}
      aria-labelledby="stolen-map-card-heading"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className={styles.cardHeader}>
        <h2 id="stolen-map-card-heading" ref={heading} tabIndex={-1} className={styles.cardHeading}>
          {bikes.length === 1 ? t('card.one') : t('card.several', { count: bikes.length })}
        </h2>
        <Button variant="quiet" size="small" onPress={onClose} aria-label={t('card.close')}>
          <Icon name="close" size={18} />
        </Button>
      </div>
      <ul className={styles.cardList}>
        {bikes.map((bike) => (
          <li key={bike.bike_id}>
            <StolenBikeItem bike={bike} />
          </li>
        ))}
      </ul>
      <p className={styles.approximate}>{t('approximate')}</p>
    </section>
  );
}
