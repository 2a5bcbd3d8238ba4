import styles from '../components/content.module.css';
import { ContentPage } from '../components/content-page.tsx';
import { RelatedPages } from '../components/related-pages.tsx';
import { SectionList } from '../components/section-list.tsx';
import { TableOfContents } from '../components/table-of-contents.tsx';
import { type ContentSection, useContent } from '../hooks/use-content.ts';

export function Component() {
  const { t, list } = useContent();
  const sections = list<ContentSection>('terms.sections');
  return (
    <ContentPage
      title={t('terms.title')}
      heading={t('terms.heading')}
      lead={t('terms.lead')}
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
