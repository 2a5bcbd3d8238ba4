import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useStolenBikesList } from '../api/get-stolen-bikes-list.ts';
import type { MapFilters } from '../lib/map-search-params.ts';
import styles from '../stolen-map.module.css';
import { StolenBikeItem } from './stolen-bike-item.tsx';

export interface StolenBikesListProps {
  filters: MapFilters;
  page: number;
  /** Only the bikes at one place (a crowd on the map), as a bbox; null for all. */
  place: string | null;
  /** The address of another page of this list. */
  pageHref: (page: number) => string;
  /** The address of the whole list (leaving the one place). */
  allHref: string;
}

/**
 * The stolen bikes as a list, newest theft first, 50 a page: the same filters as the map, and the
 * real alternative to it for keyboard and screen-reader users (and without WebGL).
 */
export function StolenBikesList({ filters, page, place, pageHref, allHref }: StolenBikesListProps) {
  const { t, i18n } = useTranslation(['stolen-map', 'common']);
  const list = useStolenBikesList(filters, page, place);

  if (list.isPending) return <LoadingState label={t('list.loading')} />;
  if (list.isError) {
    return (
      <Alert tone="error" title={t('list.loadFailed')}>
        <p>{errorMessage(list.error, t)}</p>
        <Button variant="secondary" onPress={() => void list.refetch()}>
          {t('common:actions.tryAgain')}
        </Button>
      </Alert>
    );
  }

  const { bikes, total, page_size: pageSize } = list.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const number = new Intl.NumberFormat(i18n.resolvedLanguage);
  return (
    <section className={styles.listSection} aria-labelledby="stolen-list-heading">
      <h2 id="stolen-list-heading" className={styles.listHeading}>
        {place
          ? t('list.placeHeading', { count: total })
          : t('list.heading', { count: total, formatted: number.format(total) })}
      </h2>
      {place ? (
        <p className={styles.placeNote}>
          {t('list.placeNote')}{' '}
          <LinkButton href={allHref} variant="quiet" size="small">
            {t('list.showAll')}
          </LinkButton>
        </p>
      ) : null}
      {bikes.length === 0 ? (
        <p className={styles.muted}>{page > 1 ? t('list.pastEnd') : t('list.none')}</p>
      ) : (
        <ul className={styles.list}>
          {bikes.map((bike) => (
            <li key={bike.bike_id}>
              <StolenBikeItem bike={bike} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 || page > 1 ? (
        <nav className={styles.pager} aria-label={t('list.pages')}>
          {page > 1 ? (
            <LinkButton href={pageHref(page - 1)} variant="secondary" size="small">
              {t('list.previous')}
            </LinkButton>
          ) : null}
          <span className={styles.pageOf}>
            {t('list.pageOf', { page: number.format(page), pages: number.format(pages) })}
          </span>
          {page < pages ? (
            <LinkButton href={pageHref(page + 1)} variant="secondary" size="small">
              {t('list.next')}
            </LinkButton>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
