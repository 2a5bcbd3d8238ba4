import type { ContentSection } from '../hooks/use-content.ts';
import styles from './content.module.css';
import { sectionAnchor } from './section-list.tsx';

interface TableOfContentsProps {
  label: string;
  sections: ContentSection[];
  idPrefix: string;
  numbered?: boolean;
}

/** "On this page": in-page links to every section of a long text. */
export function TableOfContents({ label, sections, idPrefix, numbered = false }: TableOfContentsProps) {
  const headingId = `${idPrefix}-toc-heading`;
  return (
    <nav className={styles.toc} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.tocHeading}>
        {label}
      </h2>
      <ol className={numbered ? styles.tocListNumbered : styles.tocList}>
        {sections
          .filter((section) => section.heading)
          .map((section) => (
            <li key={section.id}>
              <a href={`#${sectionAnchor(idPrefix, section.id)}`}>{section.heading}</a>
            </li>
          ))}
      </ol>
    </nav>
  );
}
