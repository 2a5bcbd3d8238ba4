import type { ReactNode } from 'react';
import { PageTitle } from '../../../ui/page-title.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import styles from './content.module.css';

interface ContentPageProps {
  /** False while the page's stored text is asked for: a spinner rather than a text that then changes. */
  ready?: boolean;
  /** The document title without the site name, which PageTitle appends. */
  title: string;
  heading: string;
  lead?: string;
  /** A line under the lead, e.g. when a legal text takes effect. */
  meta?: string;
  children: ReactNode;
}

/** The frame of an editorial page: one h1 with its lead, then the page's sections. */
export function ContentPage({ ready = true, title, heading, lead, meta, children }: ContentPageProps) {
  if (!ready) return <LoadingState />;
  return (
    <article className={styles.page} aria-labelledby="content-page-heading">
      <PageTitle title={title} />
      <header className={styles.pageHeader}>
        {/* The shell focuses [data-page-heading] after a navigation, so screen readers start here. */}
        <h1 id="content-page-heading" className={styles.pageTitle} tabIndex={-1} data-page-heading="">
          {heading}
        </h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
        {meta ? <p className={styles.meta}>{meta}</p> : null}
      </header>
      {children}
    </article>
  );
}
