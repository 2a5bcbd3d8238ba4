import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, useTranslation as packageUseTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { useTranslation as serverUseTranslation } from './server-react-i18next.ts';
import { localeTree } from './test/locale-tree.ts';

/*
 * The server bundle's useTranslation (server-react-i18next.ts) must answer every text exactly as the
 * package's does, or a painted page would differ from the browser's first render.
 */

async function instance(language: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: Object.fromEntries(
      ['da', 'no'].map((lng) => [
        lng,
        { common: localeTree(lng, 'common'), search: localeTree(lng, 'search') },
      ]),
    ),
    ns: ['common', 'search'],
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
  });
  return i18n;
}

type Hook = typeof packageUseTranslation;

function Texts({ useTranslation }: { useTranslation: Hook }) {
  const common = useTranslation('common');
  const both = useTranslation(['search', 'common']);
  const prefixed = useTranslation('search', { keyPrefix: 'field' });
  const norwegian = useTranslation('search', { lng: 'no' });
  const defaulted = useTranslation();
  return (
    <p>
      {[
        common.t('app.shortName'),
        both.t('field.label'),
        both.t('app.shortName'),
        both.t('common:app.shortName'),
        both[0]('field.label'),
        prefixed.t('label'),
        norwegian.t('field.label'),
        defaulted.t('app.shortName'),
        String(both.ready),
        both.i18n.language,
      ].join(' | ')}
    </p>
  );
}

describe('useTranslation in the server bundle', () => {
  it('answers every form of the hook the app uses with the package’s texts', async () => {
    const i18n = await instance('da');
    const render = (hook: Hook) =>
      renderToString(
        <I18nextProvider i18n={i18n}>
          <Texts useTranslation={hook} />
        </I18nextProvider>,
      );
    const painted = render(serverUseTranslation as Hook);
    expect(painted).toBe(render(packageUseTranslation));
    const norwegianLabel = i18n.getFixedT('no', 'search')('field.label');
    expect(norwegianLabel).not.toBe('field.label');
    expect(painted).toContain(norwegianLabel);
  });

  it('asks for every namespace a component names, so the page says it reads them', async () => {
    const i18n = await instance('da');
    const asked: string[] = [];
    const hasResourceBundle = i18n.hasResourceBundle.bind(i18n);
    i18n.hasResourceBundle = (lng, namespace) => {
      asked.push(`${lng}/${namespace}`);
      return hasResourceBundle(lng, namespace);
    };
    function Named() {
      serverUseTranslation(['search', 'common']);
      return null;
    }
    renderToString(
      <I18nextProvider i18n={i18n}>
        <Named />
      </I18nextProvider>,
    );
    expect(asked).toEqual(['da/search', 'da/common']);
  });
});
