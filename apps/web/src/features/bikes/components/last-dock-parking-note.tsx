import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { useLastDockParking } from '../api/get-last-dock-parking.ts';

/**
 * In the "reported stolen" notice of the owner's bike (issue 28): where the bike was last locked in
 * a dock, and when — asked only while the bike is stolen; nothing shows when it never stood in one
 * or the answer does not come.
 */
export function LastDockParkingNote({ bikeId, isStolen }: { bikeId: string; isStolen: boolean }) {
  const { t, i18n } = useTranslation('bikes');
  const parking = useLastDockParking(bikeId, isStolen);
  const last = parking.data;
  if (!isStolen || !last) return null;
  const values = {
    dock: last.dock_name,
    address: [last.street_address, last.town].filter(Boolean).join(', '),
    lock: last.lock_label,
    lockedAt: formatDateTime(last.locked_at, i18n.language),
    unlockedAt: last.unlocked_at ? formatDateTime(last.unlocked_at, i18n.language) : '',
  };
  return (
    <p data-testid="last-dock-parking">
      {last.unlocked_at ? t('lastDockParking.lockedUntil', values) : t('lastDockParking.lockedSince', values)}
    </p>
  );
}
