import {
  missingTheftFields,
  THEFT_SECTIONS,
  type TheftReportDraft,
  type TheftSection,
} from '@nbr/domain/theft';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { Link } from '../../../ui/link.tsx';
import { isUnlocked, openSteps, stepNumber } from '../lib/theft-steps.ts';
import styles from '../theft.module.css';

export type SectionState = 'complete' | 'missing' | 'locked';

/** A section's state for the overview: locked until it opens, then complete or missing something. */
export function sectionState(draft: TheftReportDraft, section: TheftSection): SectionState {
  if (!isUnlocked(section, openSteps(draft))) return 'locked';
  return missingTheftFields(draft, section).length ? 'missing' : 'complete';
}

const ICONS: Record<SectionState, string> = {
  // A red circle with an exclamation mark.
  missing: 'M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm1 12H9v-2h2v2Zm0-4H9V6h2v4Z',
  complete: 'M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-1.2 11.6L5 9.8l1.4-1.4 2.4 2.4 4.8-4.8L15 7.4l-6.2 6.2Z',
  locked: 'M6 9V7a4 4 0 1 1 8 0v2h1v9H5V9h1Zm2 0h4V7a2 2 0 1 0-4 0v2Z',
};

export function SectionStatus({ state }: { state: SectionState }) {
  const { t } = useTranslation('theft');
  const tone =
    state === 'missing'
      ? styles.statusMissing
      : state === 'complete'
        ? styles.statusComplete
        : styles.statusLocked;
  return (
    <span className={`${styles.status} ${tone}`}>
      <svg
        className={styles.statusIcon}
        viewBox="0 0 20 20"
        width="20"
        height="20"
        aria-hidden="true"
        focusable="false"
      >
        <path d={ICONS[state]} fill="currentColor" />
      </svg>
      {t(`status.${state}`)}
    </span>
  );
}

/**
 * Every section of the report with its status (SPEC §2: a red exclamation on missing ones). Open
 * sections link to their step; locked ones say so. `missing` lists, per section, what the API
 * said is missing (after a refused send), shown under the section.
 */
export function SectionList({
  bikeId,
  draft,
  current,
  missing,
  labelledBy,
}: {
  bikeId: string;
  draft: TheftReportDraft;
  current?: TheftSection;
  missing?: Partial<Record<TheftSection, string[]>>;
  labelledBy?: string;
}) {
  const { t } = useTranslation('theft');
  return (
    <ol className={styles.sections} aria-labelledby={labelledBy}>
      {THEFT_SECTIONS.map((section) => {
        const fromServer = missing?.[section] ?? [];
        // The acknowledgements are the checkboxes right below the list: marked there, not repeated.
        const listed = section === 'send-report' ? [] : fromServer;
        const state = fromServer.length ? 'missing' : sectionState(draft, section);
        const title = t(`steps.${section}.title`);
        const classes = [
          styles.section,
          state === 'locked' && styles.sectionLocked,
          current === section && styles.sectionCurrent,
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <li key={section} className={classes} aria-current={current === section ? 'step' : undefined}>
            <span className={styles.sectionNumber} aria-hidden="true">
              {stepNumber(section)}
            </span>
            <span className={styles.sectionText}>
              <span className={styles.sectionTitle}>
                {state === 'locked' ? (
                  title
                ) : (
                  <Link href={paths.app.bikeReportStolenStep.getHref({ bikeId, step: section })}>
                    {title}
                  </Link>
                )}
              </span>
              {listed.length ? (
                <ul className={styles.missingList}>
                  {listed.map((field) => (
                    <li key={field}>{t(`fields.${field}`, { defaultValue: field })}</li>
                  ))}
                </ul>
              ) : null}
            </span>
            <SectionStatus state={state} />
          </li>
        );
      })}
    </ol>
  );
}
