// jsdom lacks CSS.escape, which react-aria uses when it opens modals and popovers.
if (typeof globalThis.CSS === 'undefined') {
  (globalThis as { CSS?: unknown }).CSS = {};
}
if (typeof CSS.escape !== 'function') {
  CSS.escape = (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (char) => `\\${char}`);
}

// The app fetches its texts from the build (lib/i18n.ts, /assets/locales/<build>/<language>/<ns>.json);
// in tests they are read from the sources. Other requests go to the fetch a test stubs.
{
  const { readFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const realFetch = globalThis.fetch;
  const localeFile = /^\/assets\/locales\/[^/]+\/([a-z]{2})\/([a-z-]+)\.json$/;
  globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const [, language, namespace] = localeFile.exec(url) ?? [];
    if (!language) return realFetch(input, init);
    try {
      const text = await readFile(
        join(import.meta.dirname, 'src', 'locales', `${language}`, `${namespace}.json`),
        'utf8',
      );
      return new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });
    } catch {
      return new Response(null, { status: 404 });
    }
  };
}
