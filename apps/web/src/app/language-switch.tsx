import type { Language } from '@nbr/domain/locale-values';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/i18n.ts';
import styles from './layout.module.css';

// The menu needs react-aria's Select, popover and list box, which nothing else on the public first
// page does: it loads right after the first paint instead of delaying it.
const LanguageMenu = lazy(() => import('./language-menu.tsx'));

export function GlobeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-9-9h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      />
    </svg>
  );
}

/** What the switch shows: the language's name, or its code where there is no room. */
export function LanguageLabel({ language }: { language: Language }) {
  const { t } = useTranslation('common');
  return (
    <>
      <span className={styles.languageName}>{t(`languages.${language}`)}</span>
      <span className={styles.languageCode} aria-hidden="true">
        {language.toUpperCase()}
      </span>
    </>
  );
}

/**
 * The header's language switch. Until its menu has loaded it is a button that looks the same; a press
 * in that moment opens the menu as soon as it is there.
 */
export function LanguageSwitch() {
  const { t } = useTranslation('common');
  const { language } = useLanguage();
  const [pressedEarly, setPressedEarly] = useState(false);
  const placeholder = (
    <div className={styles.languageSwitch}>
      <button
        type="button"
        className={styles.languageButton}
        aria-label={`${t('shell.language')}: ${t(`languages.${language}`)}`}
        aria-haspopup="listbox"
        aria-expanded={false}
        onClick={() => setPressedEarly(true)}
      >
        <GlobeIcon />
        <span>
          <LanguageLabel language={language} />
        </span>
      </button>
    </div>
  );
  return (
    <Suspense fallback={placeholder}>
      <LanguageMenu defaultOpen={pressedEarly} />
    </Suspense>
  );
}
