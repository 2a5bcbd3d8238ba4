import type { SearchHit } from '@nbr/domain/search';
import { useTranslation } from 'react-i18next';
import { BikePicture, useBikeTitle } from '../../../components/bike/public-bike-facts.tsx';
import { StatusBadge } from '../../../components/bike/status-badge.tsx';
import { StolenBikeActions } from '../../../components/bike/stolen-bike-actions.tsx';
import { paths } from '../../../config/paths.ts';
import { Link } from '../../../ui/link.tsx';
import styles from '../search.module.css';

/**
 * One hit: picture, status, what the bike is, and how it matched what was typed. A stolen bike offers
 * what its sticker page and the map offer (issue 27): write to the owner — no account needed — and,
 * for someone who has it, the pickup; a visitor opens it on the public stolen-bike page, not a login.
 */
function SearchResult({ hit, isVisitor }: { hit: SearchHit; isVisitor: boolean }) {
  const { t } = useTranslation('search');
  const title = useBikeTitle()(hit);
  const identifier = t(`identifier.${hit.identifier}`);
  const details = [
    hit.color ? t(`common:bike.colors.${hit.color}`) : null,
    hit.category ? t(`common:bike.categories.${hit.category}`) : null,
  ].filter(Boolean);
  return (
    <li className={styles.result} data-match={hit.match}>
      <BikePicture url={hit.thumbnail_url ?? hit.picture_url} alt={t('bike.pictureAlt', { name: title })} />
      <div className={styles.resultBody}>
        <StatusBadge status={hit.status} />
        <h3 className={styles.resultTitle}>
          <Link
            href={
              isVisitor && hit.status === 'stolen'
                ? paths.public.stolenBikeMapBike.getHref({ bikeId: hit.bike_id })
                : paths.app.bikePublic.getHref({ bikeId: hit.bike_id })
            }
          >
            {title}
          </Link>
        </h3>
        {details.length ? <p className={styles.resultDetails}>{details.join(' · ')}</p> : null}
        {hit.match === 'exact' ? (
          <p className={styles.match}>{t('match.exact', { identifier })}</p>
        ) : (
          <p className={`${styles.match} ${styles.lookAlike}`}>
            <strong>{t('match.lookAlike', { value: hit.matched_value })}</strong>{' '}
            <span>{t('match.lookAlikeHint', { identifier })}</span>
          </p>
        )}
        {hit.status === 'stolen' ? (
          <div className={styles.resultActions}>
            <StolenBikeActions bikeId={hit.bike_id} />
          </div>
        ) : null}
      </div>
    </li>
  );
}

export function SearchResults({ hits, isVisitor }: { hits: readonly SearchHit[]; isVisitor: boolean }) {
  const { t } = useTranslation('search');
  return (
    <ul className={styles.results} aria-label={t('results.label')}>
      {hits.map((hit) => (
        <SearchResult key={`${hit.bike_id}-${hit.identifier}`} hit={hit} isVisitor={isVisitor} />
      ))}
    </ul>
  );
}
