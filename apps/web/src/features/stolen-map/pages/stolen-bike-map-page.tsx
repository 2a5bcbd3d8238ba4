import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { supportsWebGL } from '../../../lib/map/basemap.ts';
import { Alert } from '../../../ui/alert.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { MapFilters } from '../components/map-filters.tsx';
import { StolenBikesList } from '../components/stolen-bikes-list.tsx';
import { StolenBikesMap } from '../components/stolen-bikes-map.tsx';
import { ViewSwitch } from '../components/view-switch.tsx';
import { type MapCamera, type MapState, readMapState, writeMapState } from '../lib/map-search-params.ts';
import styles from '../stolen-map.module.css';

/**
 * /stolen-bike-map — the public map of stolen bikes (SPEC §2, issue 6 §3): filters, the map with
 * clusters and bikes at their rounded places, and the same bikes as a list. Everything it shows is
 * in the address. Without WebGL the list is all there is, and says why.
 */
export function Component() {
  const { t } = useTranslation('stolen-map');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state = readMapState(params);
  const [mapUnavailable, setMapUnavailable] = useState(() => !supportsWebGL());
  // The camera follows every pan: written straight into the address (no navigation, no history
  // entry), and remembered here so the next filter change keeps it.
  const camera = useRef<MapCamera | null>(state.camera);

  const href = (next: Partial<MapState>) => {
    const search = writeMapState({ ...state, camera: camera.current, ...next }).toString();
    return `${paths.public.stolenBikeMap.getHref()}${search ? `?${search}` : ''}`;
  };
  const view = mapUnavailable ? 'list' : state.view;

  return (
    <PageLayout title={t('title')} lead={t('lead')}>
      <div className={styles.page}>
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
        {view === 'map' ? (
          <StolenBikesMap
            filters={state.filters}
            initialCamera={state.camera}
            onCameraChange={(next) => {
              camera.current = next;
              const url = new URL(window.location.href);
              url.search = writeMapState({ ...readMapState(url.searchParams), camera: next }).toString();
              window.history.replaceState(window.history.state, '', url);
            }}
            onShowPlace={(place) => void navigate(href({ view: 'list', place, page: 1 }))}
            onUnavailable={() => setMapUnavailable(true)}
          />
        ) : (
          <StolenBikesList
            filters={state.filters}
            page={state.page}
            place={state.place}
            pageHref={(page) => href({ view: 'list', page })}
            allHref={href({ view: 'list', place: null, page: 1 })}
          />
        )}
      </div>
    </PageLayout>
  );
}
