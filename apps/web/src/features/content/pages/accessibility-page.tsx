import { contentPageLoader } from '../api/get-content-page.ts';
import styles from '../components/content.module.css';
import { ContentPage } from '../components/content-page.tsx';
import { RelatedPages } from '../components/related-pages.tsx';
import { SectionList } from '../components/section-list.tsx';
import { TableOfContents } from '../components/table-of-contents.tsx';
import { useContent } from '../hooks/use-content.ts';
import { usePageText } from '../hooks/use-page-text.ts';

export const loader = contentPageLoader('accessibility');

/**
 * The accessibility statement (tilgængelighedserklæring / tilgjengelighetserklæring) that Danish and
 * Norwegian rules require of the register, linked from every page's footer.
 */
export function Component() {
  const { t } = useContent();
  const text = usePageText('accessibility', 'accessibility');
  const { sections } = text;
  return (
    <ContentPage ready={text.ready} title={text.title} heading={text.heading} lead={text.lead}>
      <div className={styles.legalLayout}>
        <TableOfContents label={t('common.onThisPage')} sections={sections} idPrefix="accessibility" />
        <SectionList sections={sections} idPrefix="accessibility" />
      </div>
      <RelatedPages current="accessibility" />
    </ContentPage>
  );
}
