/*
 * The tag-manager container (issue 30 §2): its id is configuration (TAG_MANAGER_CONTAINER_ID,
 * answered by GET /api/measurement/config); measurement.ts imports this module only after the
 * person consented to measurement. No id configured: nothing is loaded.
 */

export const TAG_MANAGER_SCRIPT = 'https://www.googletagmanager.com/gtm.js';
const CONTAINER_ID = /^GTM-[A-Z0-9]{4,12}$/;

let loaded = false;

export function tagManagerLoaded(): boolean {
  return loaded;
}

/** Adds the container's script to the page, once. Answers whether it did. */
export function injectTagManager(containerId: string, doc: Document = document): boolean {
  if (loaded || !CONTAINER_ID.test(containerId)) return false;
  loaded = true;
  const target = window as Window & { dataLayer?: unknown[] };
  target.dataLayer = target.dataLayer ?? [];
  target.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = doc.createElement('script');
  script.async = true;
  script.src = `${TAG_MANAGER_SCRIPT}?id=${encodeURIComponent(containerId)}`;
  doc.head.appendChild(script);
  return true;
}

/** Asks the API for the configured container and loads it. Never throws. */
export async function loadTagManager(): Promise<void> {
  try {
    // A plain fetch: public, no session, and this lazily loaded module shares no code with the first page.
    const response = await fetch('/api/measurement/config', { headers: { Accept: 'application/json' } });
    if (!response.ok) return;
    const config = (await response.json()) as { tag_manager_container_id?: unknown } | null;
    const id = config?.tag_manager_container_id;
    if (typeof id === 'string') injectTagManager(id);
  } catch {
    // Without its configuration the app simply runs without a tag manager.
  }
}
