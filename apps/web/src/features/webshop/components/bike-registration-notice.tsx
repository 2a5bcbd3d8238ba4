import type { Bike } from '@nbr/domain/bikes';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Link } from '../../../ui/link.tsx';
import { useCredits } from '../api/get-credits.ts';

/**
 * At the top of a bike's page while the bike has no registration (credit) of the owner's: what that
 * means and the one step to take — use a free registration, or get one. A bike received by transfer
 * says why: the registration stayed with the previous owner (credits follow the person).
 */
export function BikeRegistrationNotice({ bike }: { bike: Bike }) {
  const { t } = useTranslation('webshop');
  const credits = useCredits();
  if (!credits.data || bike.status === 'stolen') return null;
  if (credits.data.some((credit) => credit.bike_id === bike.bike_id)) return null;
  const free = credits.data.filter((credit) => credit.bike_ownership_id === null).length;
  // The frame number locks at a transfer (SPEC §4): this owner received the bike.
  const received = bike.frame_number_locked;
  const bikeId = bike.bike_id;
  return (
    <Alert tone="info" title={t(received ? 'bikeNotice.receivedTitle' : 'bikeNotice.title')} announce="none">
      <p>{t(received ? 'bikeNotice.receivedBody' : 'bikeNotice.body')}</p>
      <p>
        {free > 0 ? (
          <Link href={paths.app.bikeAttachExistingCredit.getHref({ bikeId })}>
            {t('bikeNotice.useFree', { count: free })}
          </Link>
        ) : (
          <Link href={paths.app.bikeRegistrationPurchase.getHref({ bikeId })}>{t('bikeNotice.get')}</Link>
        )}
      </p>
    </Alert>
  );
}
