import { GBFS_TTL_SECONDS, GBFS_VERSION } from '@nbr/domain/docks';
import { isRegion } from '@nbr/domain/locale-values';
import { AppError } from '../../platform/errors.ts';
import type { DocksDeps } from './docks.deps.ts';
import { isOpenNow } from './docks.presenter.ts';
import * as repository from './docks.repository.ts';
import { displayLockState } from './lock-state.ts';

/*
 * The public GBFS 2.3 feed of public docks (access signed_in, not closed), per region, for journey
 * planners (issue 28): gbfs.json (discovery), system_information, station_information and
 * station_status. A dock is a station; its locks are its docks. Nobody rents a bike here: people
 * park their own, so no bike is ever available to rent (is_renting false, num_bikes_available 0)
 * and a station takes bikes while it is open (is_returning).
 */

export const GBFS_FEEDS = ['system_information', 'station_information', 'station_status'] as const;

interface GbfsFile<T> {
  last_updated: number;
  ttl: number;
  version: typeof GBFS_VERSION;
  data: T;
}

const SYSTEM = {
  dk: { name: 'Cykelregistret – cykeldocks', language: 'da', timezone: 'Europe/Copenhagen' },
  no: { name: 'Sykkelregisteret – sykkeldokker', language: 'nb', timezone: 'Europe/Oslo' },
} as const;

function requireRegion(region: string): 'dk' | 'no' {
  if (!isRegion(region)) throw new AppError('not_found');
  return region;
}

function file<T>(now: Date, data: T): GbfsFile<T> {
  return {
    last_updated: Math.floor(now.getTime() / 1000),
    ttl: GBFS_TTL_SECONDS,
    version: GBFS_VERSION,
    data,
  };
}

/** Where the region's feed files are, absolute. */
function feedUrl(publicUrl: string, region: string, feed: string): string {
  return `${publicUrl.replace(/\/$/, '')}/api/gbfs/${region}/${feed}.json`;
}

/** gbfs.json: where the region's files are, under the region's language. */
export function gbfsDiscovery(deps: Pick<DocksDeps, 'publicUrl'>, regionParam: string, now = new Date()) {
  const region = requireRegion(regionParam);
  const feeds = GBFS_FEEDS.map((name) => ({ name, url: feedUrl(deps.publicUrl, region, name) }));
  return file(now, { [SYSTEM[region].language]: { feeds } });
}

/** system_information.json: the register's dock system of the region. */
export function systemInformation(deps: Pick<DocksDeps, 'publicUrl'>, regionParam: string, now = new Date()) {
  const region = requireRegion(regionParam);
  const system = SYSTEM[region];
  return file(now, {
    system_id: `nbr-docks-${region}`,
    language: system.language,
    name: system.name,
    timezone: system.timezone,
    url: deps.publicUrl,
  });
}

/** station_information.json: each public, open dock of the region as a station. */
export async function stationInformation(deps: DocksDeps, regionParam: string, now = new Date()) {
  const region = requireRegion(regionParam);
  const docks = await repository.listPublicDocksOfRegion(deps.db, region);
  const locks = await repository.listLocksOfDocks(
    deps.db,
    docks.map((dock) => dock.id),
  );
  return file(now, {
    stations: docks.map((dock) => ({
      station_id: dock.id,
      name: dock.name,
      lat: dock.latitude,
      lon: dock.longitude,
      address: dock.streetAddress,
      post_code: dock.postcode,
      capacity: locks.filter((lock) => lock.dockId === dock.id).length,
    })),
  });
}

/** station_status.json: each station's free locks now (display states from lock-state.ts). */
export async function stationStatus(deps: DocksDeps, regionParam: string, now = new Date()) {
  const region = requireRegion(regionParam);
  const docks = await repository.listPublicDocksOfRegion(deps.db, region);
  const locks = await repository.listLocksOfDocks(
    deps.db,
    docks.map((dock) => dock.id),
  );
  return file(now, {
    stations: docks.map((dock) => {
      const own = locks.filter((lock) => lock.dockId === dock.id);
      const states = own.map((lock) => displayLockState(lock, now));
      const reported = own.flatMap((lock) => (lock.reportedAt ? [lock.reportedAt.getTime()] : []));
      const isInstalled = own.length > 0;
      return {
        station_id: dock.id,
        num_bikes_available: 0,
        num_docks_available: states.filter((state) => state === 'free').length,
        num_docks_disabled: states.filter((state) => ['fault', 'offline', 'out_of_service'].includes(state))
          .length,
        is_installed: isInstalled,
        is_renting: false,
        is_returning: isInstalled && isOpenNow(dock, now),
        last_reported: Math.floor(
          (reported.length > 0 ? Math.max(...reported) : dock.updatedAt.getTime()) / 1000,
        ),
      };
    }),
  });
}
