import type { Distributor } from '@nbr/domain/distributors';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import type { MapPoint } from '../../../components/map/markers-map.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { pageData } from '../../../lib/page-data.ts';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { distributorsQueryOptions, useDistributors } from '../api/list-distributors.ts';
import { LazyDealerMap } from '../components/lazy-dealer-map.tsx';
import styles from '../distributors.module.css';

const DEBOUNCE_MS = 300;

function dealerElementId(partyId: string): string {
  return `dealer-${partyId}`;
}

/** The search a shared address names (?query=), as the page starts with it. */
function initialSearch(searchParams: URLSearchParams): string {
  return searchParams.get('query') ?? '';
}

/** The list of dealers the page shows first: the address's search, as the screen asks for it. */
export const loader = pageData(({ request }, fetch) => [
  fetch(distributorsQueryOptions(initialSearch(new URL(request.url).searchParams).trim())),
]);

/**
 * /find-distributor: dealers that sell plates and register bikes, searchable by town or postcode, as
 * a list and on a map. The list comes first (the server paints it); MapLibre loads only here, when
 * the browser is idle or the person turns to the map (LazyDealerMap). A marker takes the visitor to the
 * dealer in the list; the list alone serves when the map cannot be drawn.
 */
export function Component() {
  const { t } = useTranslation('distributors');
  const [searchParams, setSearchParams] = useSearchParams();
  const [text, setText] = useState(() => initialSearch(searchParams));
  const query = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const distributors = useDistributors(query);
  const data = distributors.data;

  const points = useMemo<MapPoint[]>(
    () =>
      (data ?? []).flatMap((dealer) =>
        dealer.latitude !== null && dealer.longitude !== null
          ? [
              {
                id: dealer.party_id,
                latitude: dealer.latitude,
                longitude: dealer.longitude,
                label: t('markerLabel', { name: dealer.name, town: dealer.town ?? '' }),
              },
            ]
          : [],
      ),
    [data, t],
  );

  const onTextChange = (value: string) => {
    setText(value);
    const trimmed = value.trim();
    setSearchParams(trimmed ? { query: trimmed } : {}, { replace: true });
  };

  const showDealer = (partyId: string) => {
    const element = document.getElementById(dealerElementId(partyId));
    element?.scrollIntoView({ block: 'center' });
    element?.focus();
  };

  return (
    <PageLayout title={t('title')} lead={t('lead')}>
      <search className={styles.search}>
        <TextField
          label={t('searchLabel')}
          description={t('searchHint')}
          type="search"
          value={text}
          onChange={onTextChange}
          autoComplete="off"
        />
      </search>
      <p className={styles.status} role="status">
        {data
          ? data.length === 0
            ? query
              ? t('none', { query })
              : t('noneAtAll')
            : t('count', { count: data.length })
          : ''}
      </p>
      {distributors.isPending ? <LoadingState label={t('loading')} /> : null}
      {distributors.isError ? (
        <LoadError
          title={t('loadFailed')}
          error={distributors.error}
          retry={() => void distributors.refetch()}
        />
      ) : null}
      {data && data.length > 0 ? (
        <div className={styles.layout}>
          <ul className={styles.list} aria-label={t('listLabel')}>
            {data.map((dealer) => (
              <DealerItem key={dealer.party_id} dealer={dealer} />
            ))}
          </ul>
          {points.length > 0 ? <LazyDealerMap points={points} onSelect={showDealer} /> : null}
        </div>
      ) : null}
    </PageLayout>
  );
}

function DealerItem({ dealer }: { dealer: Distributor }) {
  const { t } = useTranslation('distributors');
  const id = dealerElementId(dealer.party_id);
  const place = [dealer.postcode, dealer.town].filter(Boolean).join(' ');
  return (
    <li id={id} className={styles.dealer} tabIndex={-1} aria-labelledby={`${id}-name`}>
      <h2 id={`${id}-name`} className={styles.name}>
        {dealer.name}
      </h2>
      <address className={styles.address}>
        {dealer.street_address ? (
          <>
            {dealer.street_address}
            <br />
          </>
        ) : null}
        {place}
        {dealer.phone ? (
          <>
            <br />
            {t('phone')}: <Link href={`tel:${dealer.phone.replace(/\s/g, '')}`}>{dealer.phone}</Link>
          </>
        ) : null}
        {dealer.website ? (
          <>
            <br />
            <Link href={dealer.website} external>
              {t('website', { name: dealer.name })}
            </Link>
          </>
        ) : null}
      </address>
    </li>
  );
}
