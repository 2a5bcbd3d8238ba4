// @vitest-isolate: the test needs i18next before start-up, so a module graph no other file has started.
import { expect, it } from 'vitest';
import { i18n, loadNamespaces } from './i18n.ts';
import { STORAGE_KEYS, writeStorage } from './storage.ts';

const en = import.meta.glob<{ login: { title: string } }>('../locales/en/auth.json', {
  eager: true,
  import: 'default',
})['../locales/en/auth.json']!;

it("loads a page's namespaces only after start-up, so a partial language falls back instead of showing keys", async () => {
  writeStorage(STORAGE_KEYS.language, 'is');
  // The router asks for the first page's namespaces before main.tsx has started i18next.
  await loadNamespaces(['common', 'auth']);
  expect(i18n.language).toBe('is');
  expect(i18n.hasResourceBundle('en', 'auth')).toBe(true);
  expect(i18n.t('auth:login.title')).toBe(en.login.title);
});
