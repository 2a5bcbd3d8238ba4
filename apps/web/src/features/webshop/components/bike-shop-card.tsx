import type { Bike } from '@nbr/domain/bikes';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { useCredits } from '../api/get-credits.ts';
import styles from '../webshop.module.css';

/**
 * On a bike's page: whether it is registered, and the ways to the bike's shop pages (its
 * registration, the subscription behind it, plates and the BikeDNA marking).
 */
export function BikeShopCard({ bike }: { bike: Bike }) {
  const { t } = useTranslation('webshop');
  const credits = useCredits();
  const bikeId = bike.bike_id;
  const registered = credits.data?.some((credit) => credit.bike_id === bikeId);
  return (
    <Card title={t('bikeCard.title')} id="bike-registration">
      {credits.data ? (
        <p data-testid="bike-registration">
          {registered ? t('bikeCard.registered') : t('bikeCard.notRegistered')}
        </p>
      ) : null}
      <div className={styles.actions}>
        {credits.data && !registered ? (
          <LinkButton href={paths.app.bikeRegistrationPurchase.getHref({ bikeId })}>
            {t('bikeCard.getRegistration')}
          </LinkButton>
        ) : null}
        <LinkButton variant="secondary" href={paths.app.bikeSubscriptionStatus.getHref({ bikeId })}>
          {t('bikeCard.subscription')}
        </LinkButton>
        <LinkButton variant="secondary" href={paths.app.bikeBuyPlate.getHref({ bikeId })}>
          {t('bikeCard.buyPlates')}
        </LinkButton>
      </div>
    </Card>
  );
}
