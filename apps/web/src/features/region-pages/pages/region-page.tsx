import { isRegion, type Region } from '@nbr/domain/locale-values';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useLocation, useParams } from 'react-router';
import { MarkupBody } from '../../../components/markup-body.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { pageData, pageLanguage } from '../../../lib/page-data.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { regionPageQuery, useRegionPage } from '../api/get-region-page.ts';
import { regionPageLanguageOf } from '../lib/region-page-language.ts';
import styles from '../region-pages.module.css';

/** The region and the page below it of an address: /no/naf is ('no', 'naf'); null for no region. */
function regionPageAddress(
  pathname: string,
  splat: string | undefined,
): { region: Region; path: string } | null {
  const segment = pathname.split('/')[1] ?? '';
  if (!isRegion(segment)) return null;
  return { region: segment, path: (splat ?? '').replace(/\/+$/, '') };
}

/** The page's text as the screen asks for it: the address's page in the language it is painted in. */
export const loader = pageData((args: LoaderFunctionArgs, fetch) => {
  const address = regionPageAddress(new URL(args.request.url).pathname, args.params['*']);
  if (!address) return [];
  // The language the screen reads: the painted request's on the server, the app's in the browser.
  const language = regionPageLanguageOf(pageLanguage(args));
  return [fetch(regionPageQuery(address.region, address.path, language))];
});

/**
 * /dk, /no and the pages below them (/no/naf): a region page staff published, in the person's
 * language or else the region's own. A page below the region that is not published is the app's 404
 * page (its query's 404 goes to the route's error boundary); the landing page shows a built-in text
 * until staff publish one.
 */
export function Component() {
  const { i18n } = useTranslation('region-pages');
  const address = regionPageAddress(useLocation().pathname, useParams()['*']);
  const language = regionPageLanguageOf(i18n.resolvedLanguage ?? i18n.language);
  // The router only sends /dk and /no here (router.tsx); anything else is no region page.
  const region: Region = address?.region ?? 'dk';
  const page = useRegionPage(region, address?.path ?? '', language);
  if (!address) throw new ApiError({ status: 404, code: 'region_page_not_found' });

  if (page.isPending) return <LoadingState />;
  if (page.data) {
    return (
      <RegionPageText
        title={page.data.title}
        description={page.data.description}
        body={page.data.body}
        language={page.data.language === language ? undefined : page.data.language}
      />
    );
  }
  // The landing page with nothing published, or whose text could not be loaded: its built-in text.
  return <BuiltInLanding region={region} />;
}

function BuiltInLanding({ region }: { region: Region }) {
  const { t } = useTranslation('region-pages');
  return (
    <RegionPageText
      title={t(`landing.${region}.title`)}
      description={t(`landing.${region}.description`)}
      body={t(`landing.${region}.body`)}
    />
  );
}

/**
 * The frame of an editorial page, as the content pages have it (their own, not ui/PageLayout: the
 * first route's shared chunk stays as it is). `language` marks a text in another language than the
 * page's, for screen readers.
 */
function RegionPageText(props: { title: string; description: string; body: string; language?: string }) {
  return (
    <article className={styles.page} aria-labelledby="region-page-heading" lang={props.language}>
      <PageTitle title={props.title} />
      <header className={styles.pageHeader}>
        {/* The shell focuses [data-page-heading] after a navigation, so screen readers start here. */}
        <h1 id="region-page-heading" className={styles.pageTitle} tabIndex={-1} data-page-heading="">
          {props.title}
        </h1>
        {props.description ? <p className={styles.lead}>{props.description}</p> : null}
      </header>
      <MarkupBody body={props.body} />
    </article>
  );
}
