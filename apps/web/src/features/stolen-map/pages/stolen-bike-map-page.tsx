import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { mapLoadTrigger, useWebGL } from '../../../lib/map/lazy-map.ts';
import { pageData } from '../../../lib/page-data.ts';
import { Alert } from '../../../ui/alert.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { stolenBikesListQuery } from '../api/get-stolen-bikes-list.ts';
import { MapFilters } from '../components/map-filters.tsx';
import { StolenBikesList } from '../components/stolen-bikes-list.tsx';
import { StolenBikesMap } from '../components/stolen-bikes-map.tsx';
import { ViewSwitch } from '../components/view-switch.tsx';
import { useWideScreen } from '../hooks/use-wide-screen.ts';
import {
  listOfState,
  type MapCamera,
  type MapState,
  type MapView,
  readMapState,
  writeMapState,
} from '../lib/map-search-params.ts';
import styles from '../stolen-map.module.css';

/**
 * /stolen-bike-map — the public map of stolen bikes (SPEC §2, issue 6 §3): filters, the map with
 * clusters and bikes at their rounded places, and the same bikes as a list. Everything it shows is
 * in the address. Without WebGL the list is all there is, and says why.
 *
 * The server paints the list and the counts for the address's filters (the loader); MapLibre loads
 * only when the person turns to the map or the page is idle (lib/map/lazy-map.ts).
 */
/** The view for the screen when the address asks for none: the list on a phone, the map wider. */
function screenView(wide: boolean | null): MapView | null {
  if (wide === null) return null;
  return wide ? 'map' : 'list';
}

export const loader = pageData(({ request }, fetch) => {
  const list = listOfState(readMapState(new URL(request.url).searchParams));
  return [fetch(stolenBikesListQuery(list.filters, list.page, list.place))];
});

export function Component() {
  const { t } = useTranslation('stolen-map');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state = readMapState(params);
  const webGL = useWebGL();
  const wide = useWideScreen();
  const [loadFailed, setLoadFailed] = useState(false);
  const mapUnavailable = !webGL || loadFailed;
  // The camera follows every pan: written straight into the address (no navigation, no history
  // entry), and remembered here so the next filter change keeps it.
  const camera = useRef<MapCamera | null>(state.camera);

  const href = (next: Partial<MapState>) => {
    const search = writeMapState({ ...state, camera: camera.current, ...next }).toString();
    return `${paths.public.stolenBikeMap.getHref()}${search ? `?${search}` : ''}`;
  };
  // The view shown: the address's, else the list on a phone and the map on a wider screen. Null
  // while the server paints and the browser hydrates with no view in the address: both are in the
  // page and the style sheet shows the one for the screen.
  const view = mapUnavailable ? 'list' : (state.view ?? screenView(wide));
  // Turning from the list to the map loads MapLibre at once; a map shown first waits for the page
  // to be idle, so it never holds up the list and counts.
  const [sawList, setSawList] = useState(false);
  useEffect(() => {
    if (view === 'list') setSawList(true);
  }, [view]);
  const load = mapLoadTrigger({ shown: view === 'map', turned: sawList });
  const list = listOfState({ ...state, view });

  return (
    <PageLayout title={t('title')} lead={t('lead')}>
      <div className={styles.page} data-view={view ?? 'auto'}>
        <div className={styles.toolbar}>
          <MapFilters
            filters={state.filters}
            onChange={(filters) => void navigate(href({ filters, page: 1, place: null }), { replace: true })}
          />
          {mapUnavailable ? null : (
            <ViewSwitch
              view={view}
              hrefs={{ map: href({ view: 'map', page: 1, place: null }), list: href({ view: 'list' }) }}
            />
          )}
        </div>
        {mapUnavailable ? (
          <Alert tone="warning" announce="none">
            <p>{t('mapUnavailable')}</p>
          </Alert>
        ) : null}
        {view === 'list' ? null : (
          <StolenBikesMap
            load={load}
            filters={state.filters}
            initialCamera={state.camera}
            onCameraChange={(next) => {
              camera.current = next;
              const url = new URL(window.location.href);
              url.search = writeMapState({ ...readMapState(url.searchParams), camera: next }).toString();
              window.history.replaceState(window.history.state, '', url);
            }}
            onShowPlace={(place) => void navigate(href({ view: 'list', place, page: 1 }))}
            onUnavailable={() => setLoadFailed(true)}
          />
        )}
        {view === 'map' ? null : (
          <div className={styles.listArea}>
            <StolenBikesList
              filters={list.filters}
              page={list.page}
              place={list.place}
              pageHref={(page) => href({ view: 'list', page })}
              allHref={href({ view: 'list', place: null, page: 1 })}
            />
          </div>
        )}
      </div>
    </PageLayout>
  );
}
