import { parseContentBody } from '@nbr/domain/content-markup';
import styles from './markup-body.module.css';
import { RichText } from './rich-text.tsx';

/**
 * A text in the content markup (content-markup.ts) as the public sees it: sections under their h2
 * (h3 with `headingLevel={3}` inside a page that has its own h2s), paragraphs, lists and links.
 */
export function MarkupBody({ body, headingLevel = 2 }: { body: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.body}>
      {parseContentBody(body).map((section) => (
        <section key={section.id} className={styles.section}>
          {section.heading ? <Heading className={styles.heading}>{section.heading}</Heading> : null}
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>
              <RichText text={paragraph} />
            </p>
          ))}
          {section.items.length ? (
            <ul className={styles.list}>
              {section.items.map((item) => (
                <li key={item}>
                  <RichText text={item} />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </div>
  );
}
