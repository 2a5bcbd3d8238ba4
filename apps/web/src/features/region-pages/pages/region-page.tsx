import { isRegion, type Region } from '@nbr/domain/locale-values';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { MarkupBody } from '../../../components/markup-body.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useRegionPage } from '../api/get-region-page.ts';
import { regionPageLanguageOf } from '../lib/region-page-language.ts';

/**
 * /dk, /no and the pages below them (/no/naf): a region page staff published, in the person's
 * language or else the region's own. A page below the region that is not published is the app's 404
 * page (its query's 404 goes to the route's error boundary); the landing page shows a built-in text
 * until staff publish one.
 */
export function Component() {
  const { i18n } = useTranslation('region-pages');
  const segment = useLocation().pathname.split('/')[1] ?? '';
  const path = (useParams()['*'] ?? '').replace(/\/+$/, '');
  const language = regionPageLanguageOf(i18n.resolvedLanguage ?? i18n.language);
  // The router only sends /dk and /no here (router.tsx); anything else is no region page.
  const region: Region = isRegion(segment) ? segment : 'dk';
  const page = useRegionPage(region, path, language);
  if (!isRegion(segment)) throw new ApiError({ status: 404, code: 'region_page_not_found' });

  if (page.isPending) return <LoadingState />;
  if (page.data) {
    return (
      <div lang={page.data.language === language ? undefined : page.data.language}>
        <PageLayout title={page.data.title} lead={page.data.description || undefined} width="reading">
          <MarkupBody body={page.data.body} />
        </PageLayout>
      </div>
    );
  }
  // Only the landing page keeps its error as an answer: its built-in text.
  return <BuiltInLanding region={region} />;
}

function BuiltInLanding({ region }: { region: Region }) {
  const { t } = useTranslation('region-pages');
  return (
    <PageLayout
      title={t(`landing.${region}.title`)}
      lead={t(`landing.${region}.description`)}
      width="reading"
    >
      <MarkupBody body={t(`landing.${region}.body`)} />
    </PageLayout>
  );
}
