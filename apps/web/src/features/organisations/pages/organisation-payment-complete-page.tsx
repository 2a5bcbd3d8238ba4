import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { FormActions } from '../../../ui/form.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { isWaiting, rememberedPurchase, useOrganisationOrder } from '../api/organisation-subscription.ts';

/**
 * /organisation-payment-complete-redirect — where the card provider sends an organisation's admin
 * back. The address says which order, never whether it was paid: the page asks the API (the
 * provider's word) until the order is paid, then shows the organisation's credits.
 */
export function Component() {
  const { t } = useTranslation(['organisations', 'common']);
  const [search] = useSearchParams();
  const remembered = rememberedPurchase();
  const orderId = search.get('order_id') ?? remembered?.orderId ?? null;
  const organisationId = remembered && remembered.orderId === orderId ? remembered.organisationId : null;
  const order = useOrganisationOrder(organisationId, orderId);

  if (!orderId || !organisationId || order.isError) {
    return (
      <PageLayout title={t('paymentComplete.title')} width="form">
        <Alert tone="warning" title={t('paymentComplete.unknownTitle')}>
          {t('paymentComplete.unknown')}
        </Alert>
        <FormActions>
          <LinkButton href={paths.app.organisations.getHref()}>
            {t('paymentComplete.toOrganisations')}
          </LinkButton>
        </FormActions>
      </PageLayout>
    );
  }

  const state = order.data;
  if (isWaiting(state)) {
    return (
      <PageLayout title={t('paymentComplete.title')} width="form">
        <div role="status">
          <Spinner label={t('paymentComplete.waiting')} />
          <p>{t('paymentComplete.waiting')}</p>
        </div>
        <FormActions>
          <Button variant="secondary" onPress={() => void order.refetch()}>
            {t('paymentComplete.reload')}
          </Button>
        </FormActions>
      </PageLayout>
    );
  }

  if (state && (state.status === 'paid' || state.status === 'fulfilled')) {
    return (
      <PageLayout title={t('paymentComplete.paidTitle')} width="form">
        <Alert tone="success" title={t('paymentComplete.paidTitle')}>
          {t('paymentComplete.paid', {
            quantity: state.quantity,
            total: state.credits_total,
            free: state.credits_free,
            receipt: state.receipt_number ?? '',
          })}
        </Alert>
        <FormActions>
          <LinkButton href={paths.app.organisationMembers.getHref({ organisationId })}>
            {t('paymentComplete.toOrganisation')}
          </LinkButton>
        </FormActions>
      </PageLayout>
    );
  }

  return (
    <PageLayout title={t('paymentComplete.title')} width="form">
      <Alert tone="error" title={t('paymentComplete.failedTitle')}>
        {t('paymentComplete.failed')}
      </Alert>
      <FormActions>
        <LinkButton href={paths.app.organisationIntegrateCardPayment.getHref()}>
          {t('paymentComplete.tryAgain')}
        </LinkButton>
      </FormActions>
    </PageLayout>
  );
}
