import { ContentPage } from '../components/content-page.tsx';
import { RelatedPages } from '../components/related-pages.tsx';
import { SectionList } from '../components/section-list.tsx';
import { type ContentSection, useContent } from '../hooks/use-content.ts';

export function Component() {
  const { t, list } = useContent();
  return (
    <ContentPage title={t('mission.title')} heading={t('mission.heading')} lead={t('mission.lead')}>
      <SectionList sections={list<ContentSection>('mission.sections')} idPrefix="mission" />
      <RelatedPages current="ourMission" />
    </ContentPage>
  );
}
