import { isTheme, type Theme } from '@nbr/domain/locale-values';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

/**
 * Which theme a host name shows. Co-branded sites are the same build on another host; a host not
 * listed gets the main theme. `?theme=` overrides this for the rest of the browser session.
 */
export const THEME_BY_HOST: Readonly<Record<string, Theme>> = {
  'dcu.cykelregister.dk': 'dcu',
  'cykelregister.dcu.dk': 'dcu',
  'naf.sykkelregister.no': 'club',
  'sykkelregister.naf.no': 'club',
};

export const DEFAULT_THEME: Theme = 'main';

/** ?theme= wins (and is remembered for the session), then the remembered choice, then the host name. */
export function resolveTheme(input: { search: string; hostname: string; remembered: string | null }): Theme {
  const fromQuery = new URLSearchParams(input.search).get('theme');
  if (isTheme(fromQuery)) return fromQuery;
  if (isTheme(input.remembered)) return input.remembered;
  return THEME_BY_HOST[input.hostname.toLowerCase()] ?? DEFAULT_THEME;
}

/** Picks the theme for this page load and applies it as data-theme on <html> (the token sets key on it). */
export function applyTheme(): Theme {
  const theme = resolveTheme({
    search: window.location.search,
    hostname: window.location.hostname,
    remembered: readStorage(STORAGE_KEYS.theme, 'session'),
  });
  if (new URLSearchParams(window.location.search).has('theme'))
    writeStorage(STORAGE_KEYS.theme, theme, 'session');
  document.documentElement.dataset.theme = theme;
  return theme;
}

export function currentTheme(): Theme {
  const theme = document.documentElement.dataset.theme;
  return isTheme(theme) ? theme : DEFAULT_THEME;
}
