import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { useBasket } from '../lib/basket.ts';
import styles from '../webshop.module.css';

/**
 * /purchase-failed — the provider sends the browser here when the payment was cancelled or not
 * completed. Nothing was charged (an order is paid only on the provider's word); the basket is kept,
 * so trying again is one press away (a plan is chosen again in the shop).
 */
export function Component() {
  const { t } = useTranslation(['webshop', 'common']);
  const { isLoggedIn } = useSession();
  // A basket left from the failed payment: the way back is its checkout; a plan is chosen anew.
  const hasBasket = useBasket().items.length > 0;
  return (
    <PageLayout title={t('failed.title')} lead={t('failed.lead')} width="form">
      <Alert tone="warning" title={t('failed.nothingChargedTitle')}>
        <p>{t('failed.nothingCharged')}</p>
        <p>{t('failed.reasons')}</p>
      </Alert>
      <div className={styles.stackedActions}>
        {hasBasket ? (
          <LinkButton href={paths.public.checkout.getHref({ orderFamily: 'shop' })}>
            {t('failed.backToBasket')}
          </LinkButton>
        ) : null}
        <LinkButton variant={hasBasket ? 'secondary' : 'primary'} href={paths.public.webshop.getHref()}>
          {t('failed.tryAgain')}
        </LinkButton>
        {isLoggedIn ? (
          <LinkButton variant="secondary" href={paths.app.orders.getHref()}>
            {t('orders.link')}
          </LinkButton>
        ) : null}
      </div>
    </PageLayout>
  );
}
