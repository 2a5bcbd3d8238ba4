import type { OwnershipBike } from '@nbr/domain/ownership';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { usePickups } from '../../features/finds/api/pickups.ts';
import { theftDraftQueryOptions } from '../../features/theft/api/theft-report.ts';
import { useBikes } from '../../lib/api/bikes/get-bikes.ts';
import { useTransfers } from '../../lib/api/ownership/transfers.ts';
import { formatDate } from '../../lib/format.ts';
import { Card } from '../../ui/card.tsx';
import { Link } from '../../ui/link.tsx';
import styles from './app-home.module.css';

/** Drafts are asked for bike by bike; a person with more bikes than this sees the first ones'. */
const DRAFT_LOOKUPS = 10;

interface PendingItem {
  key: string;
  text: string;
  href: string;
  action: string;
}

function bikeName(
  bike: Pick<OwnershipBike, 'nickname' | 'brand' | 'model' | 'frame_number'> | null,
  fallback: string,
) {
  if (!bike) return fallback;
  return (
    bike.nickname ?? ([bike.brand, bike.model].filter(Boolean).join(' ') || bike.frame_number || fallback)
  );
}

/**
 * The start page's "waiting for you": a bike offered to the person, a bike of theirs held for
 * pickup, a theft report saved to finish later. Nothing is shown while nothing waits (a new
 * person's ordinary state is not something to act on).
 */
export function PendingActionsCard() {
  const { t, i18n } = useTranslation('common');
  const transfers = useTransfers();
  const pickups = usePickups();
  const bikes = useBikes();
  const draftBikes = (bikes.data ?? []).filter((bike) => bike.status !== 'stolen').slice(0, DRAFT_LOOKUPS);
  const drafts = useQueries({
    queries: draftBikes.map((bike) => ({
      ...theftDraftQueryOptions(bike.bike_id),
      // A bike reported meanwhile answers 409: not a page error, just no draft to finish.
      meta: { pageData: false },
      retry: false,
    })),
  });
  const fallback = t('appHome.pendingBike');

  const items: PendingItem[] = [];
  for (const transfer of transfers.data ?? []) {
    if (transfer.direction !== 'incoming' || transfer.status !== 'pending') continue;
    const bike = bikeName(transfer.bike, fallback);
    items.push({
      key: `transfer-${transfer.transfer_id}`,
      text: transfer.sender_name
        ? t('appHome.pendingOffer', { name: transfer.sender_name, bike })
        : t('appHome.pendingOfferNoName', { bike }),
      href: transfer.chat_id
        ? paths.app.chat.getHref({ chatId: transfer.chat_id })
        : paths.app.bikesOwnershipPortal.getHref(),
      action: t('appHome.pendingOfferAction'),
    });
  }
  for (const pickup of pickups.data?.for_me ?? []) {
    if (pickup.status !== 'waiting') continue;
    items.push({
      key: `pickup-${pickup.pickup_id}`,
      text: t('appHome.pendingPickup', {
        bike: bikeName(pickup.bike, fallback),
        place: pickup.place,
        until: formatDate(`${pickup.collect_until}T12:00:00Z`, i18n.language),
      }),
      href: paths.app.itemPickup.getHref(),
      action: t('appHome.pendingPickupAction'),
    });
  }
  drafts.forEach((draft, index) => {
    const bike = draftBikes[index];
    if (!bike || !draft.data?.saved_at) return;
    items.push({
      key: `draft-${bike.bike_id}`,
      text: t('appHome.pendingTheftDraft', { bike: bikeName(bike, fallback) }),
      href: paths.app.bikeStolenBikeReport.getHref({ bikeId: bike.bike_id }),
      action: t('appHome.pendingTheftDraftAction'),
    });
  });

  if (items.length === 0) return null;
  return (
    <Card title={t('appHome.pendingTitle')} id="pending">
      <ul className={styles.pending}>
        {items.map((item) => (
          <li key={item.key} className={styles.pendingItem}>
            <span>{item.text}</span>
            <Link href={item.href}>{item.action}</Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
