import { RichText } from '../../../components/rich-text.tsx';
import type { ContentSection } from '../hooks/use-content.ts';
import styles from './content.module.css';

interface SectionListProps {
  sections: ContentSection[];
  /** Prefix of the anchors, so two lists on one page cannot collide. */
  idPrefix: string;
  /** Numbered headings ("1. Dataansvarlig") for legal texts that are cited by section. */
  numbered?: boolean;
}

export function sectionAnchor(idPrefix: string, id: string): string {
  return `${idPrefix}-${id}`;
}

/** Sections of running text, each a landmark-free <section> named by its h2. */
export function SectionList({ sections, idPrefix, numbered = false }: SectionListProps) {
  return (
    <div className={styles.sections}>
      {sections.map((section, index) => {
        const anchor = sectionAnchor(idPrefix, section.id);
        return (
          <section
            key={section.id}
            id={anchor}
            className={styles.section}
            aria-labelledby={section.heading ? `${anchor}-heading` : undefined}
          >
            {/* A stored text may begin with paragraphs before its first heading. */}
            {section.heading ? (
              <h2 id={`${anchor}-heading`} className={styles.sectionHeading}>
                {numbered ? `${index + 1}. ` : null}
                {section.heading}
              </h2>
            ) : null}
            {section.paragraphs?.map((paragraph) => (
              <p key={paragraph}>
                <RichText text={paragraph} />
              </p>
            ))}
            {section.items?.length ? (
              <ul className={styles.list}>
                {section.items.map((item) => (
                  <li key={item}>
                    <RichText text={item} />
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
