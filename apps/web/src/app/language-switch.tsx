import type { Language } from '@nbr/domain/locale-values';
import { lazy, Suspense, startTransition, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/i18n.ts';
import styles from './layout.module.css';

// The menu needs react-aria's Select, popover and list box, which nothing else on the public first
// page does: it loads when the person reaches for the switch, not with the page.
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

/** How the person reached for the switch before its menu was loaded. */
type Reach = 'pointer' | 'focus' | 'press';

/**
 * The header's language switch. It paints as a button that looks like the menu's; pointing at it,
 * focusing or pressing it loads the menu, which takes its place (keeping the focus) and opens at
 * once when it was pressed.
 */
export function LanguageSwitch() {
  const { t } = useTranslation('common');
  const { language } = useLanguage();
  const [reach, setReach] = useState<Reach | null>(null);
  // A transition keeps this very button on screen (with its focus and the press under way) until
  // the menu has loaded, rather than swapping in the Suspense fallback.
  const reachFor = (next: Reach) =>
    startTransition(() => setReach((current) => (current === 'press' ? current : next)));
  const placeholder = (
    <div className={styles.languageSwitch}>
      <button
        type="button"
        className={styles.languageButton}
        aria-label={`${t('shell.language')}: ${t(`languages.${language}`)}`}
        aria-haspopup="listbox"
        aria-expanded={false}
        onPointerEnter={() => reachFor('pointer')}
        onFocus={() => reachFor('focus')}
        onClick={() => reachFor('press')}
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
      {reach ? <LanguageMenu defaultOpen={reach === 'press'} autoFocus={reach !== 'pointer'} /> : placeholder}
    </Suspense>
  );
}
