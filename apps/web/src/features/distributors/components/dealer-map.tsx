import { useTranslation } from 'react-i18next';
import { type MapPoint, MarkersMap } from '../../../components/map/markers-map.tsx';
import styles from '../distributors.module.css';

/** The dealers on a map; a marker is a button that shows its dealer in the list (`onSelect`). */
export function DealerMap({
  points,
  onSelect,
}: {
  points: readonly MapPoint[];
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation('distributors');
  return (
    <MarkersMap
      points={points}
      interactive
      zoom={12}
      onSelect={onSelect}
      texts={{
        title: t('mapLabel'),
        attribution: t('mapAttribution'),
        zoomIn: t('zoomIn'),
        zoomOut: t('zoomOut'),
      }}
      className={styles.map}
      testId="distributor-map"
    />
  );
}
