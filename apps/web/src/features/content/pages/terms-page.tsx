import { contentPageLoader } from '../api/get-content-page.ts';
import styles from '../components/content.module.css';
import { ContentPage } from '../components/content-page.tsx';
import { RelatedPages } from '../components/related-pages.tsx';
import { SectionList } from '../components/section-list.tsx';
import { TableOfContents } from '../components/table-of-contents.tsx';
import { useContent } from '../hooks/use-content.ts';
import { usePageText } from '../hooks/use-page-text.ts';

export const loader = contentPageLoader('terms');

export function Component() {
  const { t } = useContent();
  const text = usePageText('terms', 'terms');
  const { sections } = text;
  return (
    <ContentPage
      ready={text.ready}
      title={text.title}
      heading={text.heading}
      lead={text.lead}
      meta={t('common.effectiveFrom', { date: t('common.effectiveDate') })}
    >
      <div className={styles.legalLayout}>
        <TableOfContents label={t('common.onThisPage')} sections={sections} idPrefix="terms" numbered />
        <SectionList sections={sections} idPrefix="terms" numbered />
      </div>
      <RelatedPages current="terms" />
    </ContentPage>
  );
}
