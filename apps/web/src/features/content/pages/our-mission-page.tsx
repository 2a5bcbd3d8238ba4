import { contentPageLoader } from '../api/get-content-page.ts';
import { ContentPage } from '../components/content-page.tsx';
import { RelatedPages } from '../components/related-pages.tsx';
import { SectionList } from '../components/section-list.tsx';
import { usePageText } from '../hooks/use-page-text.ts';

export const loader = contentPageLoader('our-mission');

export function Component() {
  const text = usePageText('our-mission', 'mission');
  return (
    <ContentPage ready={text.ready} title={text.title} heading={text.heading} lead={text.lead}>
      <SectionList sections={text.sections} idPrefix="mission" />
      <RelatedPages current="ourMission" />
    </ContentPage>
  );
}
