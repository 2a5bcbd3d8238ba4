import type { Bike } from '@nbr/domain/bikes';
import { useTranslation } from 'react-i18next';
import { BikeThumbnail } from '../../../components/bike/bike-thumbnail.tsx';
import { StatusBadge } from '../../../components/bike/status-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { LinkButton } from '../../../ui/button.tsx';
import styles from '../bikes.module.css';

/**
 * What a stranger sees of the bike (search, a scanned plate, the public page), derived from its
 * visibility the way the API decides it (packages/domain bikes.ts): active shows brand, model,
 * colour, category and the public picture; searchable hides model and picture; private shows
 * nothing — except that a stolen bike is always at least searchable, so a finder can reach the owner.
 */
export function publicLevel(bike: Pick<Bike, 'visibility' | 'status'>): 'full' | 'limited' | 'none' {
  if (bike.visibility === 'active') return 'full';
  if (bike.visibility === 'searchable' || bike.status === 'stolen') return 'limited';
  return 'none';
}

export function PublicPreview({ bike }: { bike: Bike }) {
  const { t } = useTranslation('bikes');
  const level = publicLevel(bike);
  const publicPicture = bike.pictures.find((picture) => picture.kind === 'public') ?? null;
  return (
    <div className={styles.stack}>
      <p>{t(`publicTab.level.${level}`)}</p>
      {level === 'none' ? null : (
        <section className={styles.preview} aria-label={t('publicTab.previewLabel')}>
          <BikeThumbnail
            url={level === 'full' ? (publicPicture?.thumbnail_url ?? publicPicture?.url ?? null) : null}
            size="large"
          />
          <dl className={styles.facts}>
            <div className={styles.fact}>
              <dt>{t('publicTab.status')}</dt>
              <dd>
                <StatusBadge status={bike.status} />
              </dd>
            </div>
            <div className={styles.fact}>
              <dt>{t('fields.brand')}</dt>
              <dd>{bike.brand ?? t('fields.notStated')}</dd>
            </div>
            {level === 'full' ? (
              <div className={styles.fact}>
                <dt>{t('fields.model')}</dt>
                <dd>{bike.model ?? t('fields.notStated')}</dd>
              </div>
            ) : null}
            <div className={styles.fact}>
              <dt>{t('fields.color')}</dt>
              <dd>{bike.color ? t(`common:bike.colors.${bike.color}`) : t('fields.notStated')}</dd>
            </div>
            <div className={styles.fact}>
              <dt>{t('fields.category')}</dt>
              <dd>{bike.category ? t(`common:bike.categories.${bike.category}`) : t('fields.notStated')}</dd>
            </div>
          </dl>
        </section>
      )}
      {level === 'full' && !publicPicture ? <p className={styles.muted}>{t('publicTab.noPicture')}</p> : null}
      <p className={styles.muted}>{t('publicTab.neverShown')}</p>
      <div className={styles.actions}>
        <LinkButton href={paths.app.bikePublic.getHref({ bikeId: bike.bike_id })} variant="secondary">
          {t('publicTab.openPublicPage')}
        </LinkButton>
        <LinkButton href={paths.app.bikeEdit.getHref({ bikeId: bike.bike_id })} variant="quiet">
          {t('publicTab.changeVisibility')}
        </LinkButton>
      </div>
    </div>
  );
}
