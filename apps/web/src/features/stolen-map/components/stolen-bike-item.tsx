import type { StolenBike, StolenBikeProperties } from '@nbr/domain/stolen-map';
import { useTranslation } from 'react-i18next';
import { BikePicture } from '../../../components/bike/public-bike-facts.tsx';
import { paths } from '../../../config/paths.ts';
import { Link } from '../../../ui/link.tsx';
import { useDescribeBike } from '../lib/describe-bike.ts';
import styles from '../stolen-map.module.css';

/**
 * One stolen bike in the list and in a map card: its public picture (if its owner shows one), what
 * it is, when it was stolen, and a link to its page — the heading is the link, so a screen reader's
 * list of links and headings names every bike.
 */
export function StolenBikeItem({
  bike,
  headingLevel = 3,
}: {
  bike: StolenBikeProperties | StolenBike;
  headingLevel?: 2 | 3 | 4;
}) {
  const { t } = useTranslation(['stolen-map', 'common']);
  const describe = useDescribeBike();
  const Heading = `h${headingLevel}` as const;
  const title = describe.title(bike);
  const color = describe.color(bike);
  const region = 'region' in bike ? t(`common:regions.${bike.region}`) : null;
  return (
    <article className={styles.item}>
      <BikePicture url={bike.thumbnail_url} alt={t('bike.pictureAlt', { title })} />
      <div className={styles.itemBody}>
        <Heading className={styles.itemTitle}>
          <Link href={paths.public.stolenBikeMapBike.getHref({ bikeId: bike.bike_id })}>{title}</Link>
        </Heading>
        <p className={styles.itemFacts}>{[color, describe.kind(bike), region].filter(Boolean).join(' · ')}</p>
        <p className={styles.itemDate}>{t('bike.stolenOn', { date: describe.stolenOn(bike) })}</p>
      </div>
    </article>
  );
}
