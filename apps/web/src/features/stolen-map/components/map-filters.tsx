import { BIKE_CATEGORIES } from '@nbr/domain/bikes';
import { REGIONS } from '@nbr/domain/locale';
import { STOLEN_PERIODS } from '@nbr/domain/stolen-map';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../ui/select.tsx';
import type { MapFilters as Filters } from '../lib/map-search-params.ts';
import styles from '../stolen-map.module.css';

const ALL = 'all';

/** Period, region, category and electric: the same for the map and the list, kept in the address. */
export function MapFilters({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (filters: Filters) => void;
}) {
  const { t } = useTranslation(['stolen-map', 'common']);
  return (
    <fieldset className={styles.filters}>
      <legend className={styles.filtersLegend}>{t('filters.legend')}</legend>
      <Select
        className={styles.filter}
        label={t('filters.period')}
        value={filters.period}
        options={STOLEN_PERIODS.map((period) => ({ value: period, label: t(`filters.periods.${period}`) }))}
        onChange={(value) => onChange({ ...filters, period: value as Filters['period'] })}
      />
      <Select
        className={styles.filter}
        label={t('filters.region')}
        value={filters.region ?? ALL}
        options={[
          { value: ALL, label: t('filters.allRegions') },
          ...REGIONS.map((region) => ({ value: region, label: t(`common:regions.${region}`) })),
        ]}
        onChange={(value) =>
          onChange({ ...filters, region: value === ALL ? null : (value as Filters['region']) })
        }
      />
      <Select
        className={styles.filter}
        label={t('filters.category')}
        value={filters.category ?? ALL}
        options={[
          { value: ALL, label: t('filters.allCategories') },
          ...BIKE_CATEGORIES.map((category) => ({
            value: category,
            label: t(`common:bike.categories.${category}`),
          })),
        ]}
        onChange={(value) =>
          onChange({ ...filters, category: value === ALL ? null : (value as Filters['category']) })
        }
      />
      <Select
        className={styles.filter}
        label={t('filters.electric')}
        value={filters.electric === null ? ALL : String(filters.electric)}
        options={[
          { value: ALL, label: t('filters.electricAny') },
          { value: 'true', label: t('filters.electricOnly') },
          { value: 'false', label: t('filters.electricNone') },
        ]}
        onChange={(value) => onChange({ ...filters, electric: value === ALL ? null : value === 'true' })}
      />
    </fieldset>
  );
}
