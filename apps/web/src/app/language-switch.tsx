import { lazy, Suspense, startTransition, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/i18n.ts';
import { GlobeIcon, LanguageLabel } from './language-label.tsx';
import styles from './layout.module.css';

// The menu needs react-aria's Select, popover and list box, which nothing else on the public first
// page does: it loads when the person reaches for the switch, not with the page.
const LanguageMenu = lazy(() => import('./language-menu.tsx'));

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
        {/* Named as the loaded menu's button is: what it shows, then "Language" (label in name). */}
        <span className="visually-hidden"> {t('shell.language')}</span>
      </button>
    </div>
  );
  return (
    <Suspense fallback={placeholder}>
      {reach ? <LanguageMenu defaultOpen={reach === 'press'} autoFocus={reach !== 'pointer'} /> : placeholder}
    </Suspense>
  );
}
