import type { Language } from '@nbr/domain/locale-values';
import { useTranslation } from 'react-i18next';
import styles from './layout.module.css';

// What the language switch paints before its menu has loaded and the menu itself: one look for both.

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

/**
 * What the switch shows: the language's name, or its code where there is no room. Whichever is
 * shown is also what the button is called (WCAG 2.5.3): the hidden one is display:none, so it
 * leaves the name; "Sprog" follows as the select's label.
 */
export function LanguageLabel({ language }: { language: Language }) {
  const { t } = useTranslation('common');
  return (
    <>
      <span className={styles.languageName}>{t(`languages.${language}`)}</span>
      <span className={styles.languageCode}>{language.toUpperCase()}</span>
    </>
  );
}
