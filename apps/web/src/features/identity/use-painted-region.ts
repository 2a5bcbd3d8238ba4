import type { Region } from '@nbr/domain/locale';
import { useHydrated } from '../../hooks/use-hydrated.ts';
import { useLanguage } from '../../lib/i18n.ts';
import { regionForLanguage, useRegion } from '../../lib/region.ts';

/**
 * The region the sign-in pages offer (MitID or BankID, the sign-up's region): the region chosen on
 * this device once the page has hydrated; before, the one of the page's language, which is all the
 * server knows (issue 31), so the first render in the browser matches the server's HTML.
 */
export function usePaintedRegion(): Region {
  const { region } = useRegion();
  const { language } = useLanguage();
  return useHydrated() ? region : regionForLanguage(language);
}
