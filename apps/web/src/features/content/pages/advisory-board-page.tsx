import { ContentPage } from '../components/content-page.tsx';
import { RelatedPages } from '../components/related-pages.tsx';
import { SectionList } from '../components/section-list.tsx';
import { type ContentSection, useContent } from '../hooks/use-content.ts';

export function Component() {
  const { t, list } = useContent();
  return (
    <ContentPage
      title={t('advisoryBoard.title')}
      heading={t('advisoryBoard.heading')}
      lead={t('advisoryBoard.lead')}
    >
      <SectionList sections={list<ContentSection>('advisoryBoard.sections')} idPrefix="advisoryBoard" />
      <RelatedPages current="advisoryBoard" />
    </ContentPage>
  );
}
