import type { BikeCategory } from '@nbr/domain/bikes';
import { useTranslation } from 'react-i18next';

/** What a bike's public name is made of: its make, and its kind for one without a make. */
export interface NameableBike {
  brand: string | null;
  model?: string | null;
  category?: BikeCategory | null;
}

/**
 * The one name of a bike on the public pages (issue 27 walk 9: the same bike was 'Cykel', 'Ukendt
 * mærke, Cykel' and 'Cykel uden mærke'): 'Brand Model', the brand alone, the model alone, and
 * without either its kind 'without a brand' ('Racercykel uden mærke'), or 'Cykel uden mærke' when
 * its kind is not known either. The stolen-bike map, a stolen bike's page, the sticker page and the
 * search results all name bikes with it.
 */
export function bikeName(
  bike: NameableBike,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  const make = [bike.brand, bike.model]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  if (make) return make;
  const kind = bike.category ? t(`common:bike.categories.${bike.category}`) : t('common:bike.kindUnknown');
  return t('common:bike.withoutBrand', { kind });
}

export function useBikeName(): (bike: NameableBike) => string {
  const { t } = useTranslation('common');
  return (bike) => bikeName(bike, t);
}
