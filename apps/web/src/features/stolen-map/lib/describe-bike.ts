import type { StolenBikeProperties } from '@nbr/domain/stolen-map';
import { useTranslation } from 'react-i18next';
import { useBikeName } from '../../../components/bike/bike-name.ts';
import { formatDate } from '../../../lib/format.ts';

type Facts = Pick<StolenBikeProperties, 'brand' | 'color' | 'category' | 'is_electric' | 'stolen_on'> & {
  model?: string | null;
};

/** A stolen bike's day as a date in the user's language (the day itself, whatever the time zone). */
export function formatStolenOn(day: string, language: string): string {
  return formatDate(new Date(`${day}T12:00:00`), language);
}

/**
 * Names a stolen bike from what the public may know: a title (bike-name.ts, the one name of a bike
 * on every public page: 'Kildemoes Logic', or 'Racercykel uden mærke') and a one-line description
 * for markers and list items.
 */
export function useDescribeBike() {
  const { t, i18n } = useTranslation(['stolen-map', 'common']);
  const kind = (bike: Facts) => {
    const category = bike.category
      ? t(`common:bike.categories.${bike.category}`)
      : t('stolen-map:bike.unknownKind');
    return bike.is_electric ? t('stolen-map:bike.electricKind', { kind: category }) : category;
  };
  const name = useBikeName();
  return {
    title: (bike: Facts) => name(bike),
    kind,
    color: (bike: Facts) => (bike.color ? t(`common:bike.colors.${bike.color}`) : null),
    stolenOn: (bike: Facts) => formatStolenOn(bike.stolen_on, i18n.resolvedLanguage ?? i18n.language),
    /** "Kildemoes, blue city bike, stolen 20 November 2026". */
    label: (bike: Facts) =>
      t('stolen-map:bike.label', {
        title: name(bike),
        description: [bike.color ? t(`common:bike.colors.${bike.color}`) : null, kind(bike)]
          .filter(Boolean)
          .join(' · '),
        date: formatStolenOn(bike.stolen_on, i18n.resolvedLanguage ?? i18n.language),
      }),
  };
}
