import type { i18n as I18n, TFunction } from 'i18next';
import { useContext } from 'react';
import { I18nContext, type UseTranslationOptions, type UseTranslationResponse } from 'react-i18next';

/*
 * react-i18next as the server bundle sees it (vite.config.ts, serverTranslation): the package itself,
 * but for useTranslation. The package's hook copies the whole i18next instance into a fresh wrapper
 * object the first time each component renders — so that a language change re-renders it — and on
 * the server every render is a first render: painting /search?q= spent 11 % of its time there (7 Dec
 * 2026, bench/README.md). On the server the language of a render never changes, so this hook answers
 * the same translate function as the package's (i18next's getFixedT with the same arguments), made
 * once per instance, language, namespaces and key prefix. The browser keeps the package's own hook.
 */

export * from 'react-i18next';

const fixedTs = new WeakMap<I18n, Map<string, TFunction>>();

function fixedT(
  i18n: I18n,
  language: string,
  namespaces: string[],
  keyPrefix: string | undefined,
): TFunction {
  let known = fixedTs.get(i18n);
  if (!known) {
    known = new Map();
    fixedTs.set(i18n, known);
  }
  const key = `${language}|${namespaces.join(',')}|${keyPrefix ?? ''}`;
  let t = known.get(key);
  if (!t) {
    // As the package's hook asks it (nsMode 'default': the first namespace, the others by scope).
    // i18next's typings leave out the fourth argument the package's hook passes.
    const getFixedT = i18n.getFixedT.bind(i18n) as (
      lng: string,
      ns: string | null,
      keyPrefix: string | undefined,
      options: { scopeNs: string[] },
    ) => TFunction;
    t = getFixedT(language, namespaces[0] ?? null, keyPrefix, { scopeNs: namespaces });
    known.set(key, t);
  }
  return t;
}

export function useTranslation(
  ns?: string | readonly string[],
  options: UseTranslationOptions<undefined> = {},
): UseTranslationResponse<string, undefined> {
  const context = useContext(I18nContext);
  const i18n = options.i18n ?? context?.i18n;
  if (!i18n) throw new Error('useTranslation on the server needs the I18nextProvider of the page');
  const requested = ns ?? i18n.options.defaultNS;
  const namespaces =
    typeof requested === 'string' ? [requested] : requested ? [...requested] : ['translation'];
  const language = options.lng ?? i18n.language;
  // As the package's hook does (it asks whether each is loaded): the page is said to read every
  // namespace a component names, so the browser has them all before it hydrates (entry-server.tsx).
  for (const namespace of namespaces) i18n.hasResourceBundle(language, namespace);
  const t = fixedT(i18n, language, namespaces, options.keyPrefix);
  const response = [t, i18n, true] as unknown as UseTranslationResponse<string, undefined>;
  response.t = t as UseTranslationResponse<string, undefined>['t'];
  response.i18n = i18n;
  response.ready = true;
  return response;
}
