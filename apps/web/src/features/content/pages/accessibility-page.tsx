import styles from '../components/content.module.css';
import { ContentPage } from '../components/content-page.tsx';
import { RelatedPages } from '../components/related-pages.tsx';
import { SectionList } from '../components/section-list.tsx';
import { TableOfContents } from '../components/table-of-contents.tsx';
import { type ContentSection, useContent } from '../hooks/use-content.ts';

/**
 * The accessibility statement (tilgængelighedserklæring / tilgjengelighetserklæring) that Danish and
 * Norwegian rules require of the register, linked from every page's footer.
 */
export function Component() {
  const { t, list } = useContent();
  const sections = list<ContentSection>('accessibility.sections');
  return (
    <ContentPage
      title={t('accessibility.title')}
      heading={t('accessibility.heading')}
      lead={t('accessibility.lead')}
    >
      <div className={styles.legalLayout}>
        <TableOfContents label={t('common.onThisPage')} sections={sections} idPrefix="accessibility" />
        <SectionList sections={sections} idPrefix="accessibility" />
      </div>
      <RelatedPages current="accessibility" />
    </ContentPage>
  );
}
