import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { BUILD_ID } from '../lib/build-info.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage.ts';
import { updateServiceWorker } from './service-worker.ts';
import { shouldForceReload } from './shell-rules.ts';

/** Checking more often than this on quick successive navigations gains nothing. */
const CHECK_INTERVAL_MS = 60_000;
let lastCheck = 0;

async function checkDeployedBuild(): Promise<void> {
  const response = await fetch('/version.json', {
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) return;
  const { build_id: deployedBuild } = (await response.json()) as { build_id?: string };
  const reloadedFor = readStorage(STORAGE_KEYS.buildReloaded, 'session');
  if (!shouldForceReload({ runningBuild: BUILD_ID, deployedBuild, reloadedFor })) return;
  writeStorage(STORAGE_KEYS.buildReloaded, deployedBuild ?? null, 'session');
  await updateServiceWorker();
  window.location.reload();
}

/**
 * A new site build causes exactly one forced reload (SPEC §2): on navigation, the deployed build
 * id (/version.json, never cached) is compared with the running one; a session flag names the build
 * already reloaded for, so a stubborn cache cannot cause a reload loop.
 */
export function useBuildWatcher(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (BUILD_ID === 'dev') return;
    void pathname;
    const now = Date.now();
    if (now - lastCheck < CHECK_INTERVAL_MS) return;
    lastCheck = now;
    checkDeployedBuild().catch(() => {
      // Offline or the file is missing: try again on a later navigation.
    });
  }, [pathname]);
}
