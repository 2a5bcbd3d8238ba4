import { useEffect } from 'react';
import { currentTheme } from '../../../lib/theme.ts';

/**
 * Shows the page on the club brand theme (themes/club.css) however the site was reached, and gives
 * the theme the host or ?theme= chose (lib/theme.ts) back on leaving it.
 */
export function useClubTheme(): void {
  useEffect(() => {
    const before = currentTheme();
    document.documentElement.dataset.theme = 'club';
    return () => {
      document.documentElement.dataset.theme = before;
    };
  }, []);
}
