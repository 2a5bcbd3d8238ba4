import type { Currency } from '@nbr/domain/locale';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { useOrganisations } from '../../../lib/api/organisations/get-organisations.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { ErrorSummary, Form, FormActions } from '../../../ui/form.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { Select } from '../../../ui/select.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import {
  rememberPurchase,
  useOrganisationPlan,
  useStartOrganisationSubscription,
} from '../api/organisation-subscription.ts';
import styles from '../organisations.module.css';

const MAX_QUANTITY = 1000;

/**
 * /app/organisations/integrate-reepay — an organisation's admin buys its ORGANISATION subscription:
 * how many bikes (credits), the price per credit and the total incl. VAT, then the card provider's
 * window, where the card is stored for the renewals.
 */
export function Component() {
  const { t, i18n } = useTranslation(['organisations', 'common']);
  const organisations = useOrganisations();
  const planQuery = useOrganisationPlan(i18n.language);
  const start = useStartOrganisationSubscription();
  const [chosen, setChosen] = useState<string | null>(null);
  const [quantityText, setQuantityText] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const [summary, setSummary] = useState<string | null>(null);

  const adminOf = (organisations.data ?? []).filter((organisation) => organisation.role === 'admin');
  const organisationId = chosen ?? adminOf[0]?.party_id ?? null;
  const plan = planQuery.data ?? null;
  const quantity = /^\d+$/.test(quantityText.trim()) ? Number(quantityText.trim()) : Number.NaN;
  const valid = Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_QUANTITY;
  const money = (minor: number) => formatMoney(minor, plan?.price.currency as Currency, i18n.language);

  async function submit() {
    setSummary(null);
    if (!valid) {
      const message = t('integrate.quantityInvalid', { max: MAX_QUANTITY });
      setError(message);
      setSummary(message);
      return;
    }
    setError(null);
    if (!organisationId) return;
    try {
      const started = await start.mutateAsync({ organisationId, quantity });
      rememberPurchase({ orderId: started.order_id, organisationId });
      window.location.assign(started.payment_url);
    } catch (failure) {
      setSummary(errorMessage(failure, t));
    }
  }

  if (organisations.isPending || planQuery.isPending) {
    return (
      <PageLayout title={t('integrate.title')} width="form">
        <Spinner label={t('common:shell.loading')} />
      </PageLayout>
    );
  }

  if (adminOf.length === 0) {
    return (
      <PageLayout title={t('integrate.title')} lead={t('integrate.lead')} width="form">
        <Alert tone="info" title={t('integrate.noAdminTitle')}>
          {t('integrate.noAdmin')}
        </Alert>
        <FormActions>
          <LinkButton href={paths.app.organisationCreate.getHref()}>{t('integrate.create')}</LinkButton>
        </FormActions>
      </PageLayout>
    );
  }

  return (
    <PageLayout title={t('integrate.title')} lead={t('integrate.lead')} width="form">
      <Form
        aria-label={t('integrate.title')}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <ErrorSummary message={summary} />
        {adminOf.length > 1 ? (
          <Select
            label={t('integrate.organisation')}
            options={adminOf.map((organisation) => ({
              value: organisation.party_id,
              label: organisation.name,
            }))}
            value={organisationId}
            onChange={setChosen}
          />
        ) : (
          <p className={styles.meta}>{t('integrate.for', { name: adminOf[0]?.name ?? '' })}</p>
        )}
        <TextField
          label={t('integrate.quantity')}
          description={t('integrate.quantityHint', { max: MAX_QUANTITY })}
          inputMode="numeric"
          value={quantityText}
          onChange={setQuantityText}
          error={error}
        />
        {plan ? (
          <dl className={styles.prices}>
            <dt>{t('integrate.pricePerCredit')}</dt>
            <dd>{money(plan.price.amount_minor)}</dd>
            <dt>{t('integrate.total')}</dt>
            <dd aria-live="polite">{valid ? money(plan.price.amount_minor * quantity) : '–'}</dd>
          </dl>
        ) : (
          <Alert tone="warning">{t('common:errors.product_unavailable')}</Alert>
        )}
        <p className={styles.hint}>{t('integrate.renewal')}</p>
        <FormActions>
          <Button type="submit" isDisabled={!plan || start.isPending}>
            {t('integrate.pay')}
          </Button>
        </FormActions>
      </Form>
    </PageLayout>
  );
}
