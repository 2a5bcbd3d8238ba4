/** Asks the browser to fetch a newer service worker, so the next load gets the new build. */
export async function updateServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return;
  await registration.update().catch(() => undefined);
  const waiting = registration.installing ?? registration.waiting;
  if (!waiting) return;
  // The worker skips waiting by itself; wait briefly for it to take over before reloading.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 3000);
    waiting.addEventListener('statechange', () => {
      if (waiting.state === 'activated') {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}
