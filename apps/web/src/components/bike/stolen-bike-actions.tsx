import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { LinkButton } from '../../ui/button.tsx';

/**
 * The actions of the stolen banner for anyone but the owner: write to the owner (no account needed)
 * and, for someone who has the bike in their hands, tell the owner where to collect it.
 */
export function StolenBikeActions({ bikeId }: { bikeId: string }) {
  const { t } = useTranslation('finds');
  return (
    <>
      <LinkButton href={paths.app.contactBikeOwner.getHref({ bikeId })}>{t('banner.contact')}</LinkButton>
      <LinkButton href={pickupFormHref(bikeId)} variant="secondary">
        {t('banner.haveIt')}
      </LinkButton>
    </>
  );
}

/** The pickup page with the form to register that the caller holds this bike. */
export function pickupFormHref(bikeId: string): string {
  return paths.app.itemPickup.getHref({ [BIKE_PARAM]: bikeId });
}

export const BIKE_PARAM = 'bike';
