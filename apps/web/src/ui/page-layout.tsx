import type { ReactNode } from 'react';
import styles from './page-layout.module.css';
import { PageTitle } from './page-title.tsx';

export interface PageLayoutProps {
  /** The page's one h1; also becomes the document title and is announced after navigation. */
  title: string;
  /** A short text under the heading. */
  lead?: ReactNode;
  /** 'form' for one-column forms, 'reading' for text pages, 'wide' for everything else. */
  width?: 'form' | 'reading' | 'wide';
  children: ReactNode;
}

/** A page: its heading (which receives focus after navigation) and content, mobile first. */
export function PageLayout({ title, lead, width = 'wide', children }: PageLayoutProps) {
  const widthClass = width === 'form' ? styles.narrow : width === 'reading' ? styles.reading : '';
  return (
    <div className={[styles.page, widthClass].filter(Boolean).join(' ')}>
      <PageTitle title={title} />
      <header className={styles.header}>
        <h1 className={styles.heading} tabIndex={-1} data-page-heading="">
          {title}
        </h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
      </header>
      {children}
    </div>
  );
}
