import type { ReactNode } from 'react';
import styles from './card.module.css';

export interface CardProps {
  /** A heading at the given level (2 by default) that also names the card for screen readers. */
  title?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  children: ReactNode;
  className?: string;
  id?: string;
}

export function Card({ title, headingLevel = 2, children, className, id }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  const headingId = id && title ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={[styles.card, className].filter(Boolean).join(' ')}
    >
      {title ? (
        <Heading id={headingId} className={styles.heading}>
          {title}
        </Heading>
      ) : null}
      {children}
    </section>
  );
}
