import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localeTree } from './locale-tree.ts';

/** i18next for a component test: the real texts of `namespaces` in one language, common the default. */
export async function initTestI18n(language: string, namespaces: readonly string[]): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: language,
    resources: {
      [language]: Object.fromEntries(
        namespaces.map((namespace) => [namespace, localeTree(language, namespace)]),
      ),
    },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
}
