import { ClubMemberFormSchema, type ClubMembershipState, type ClubOfferItem } from '@nbr/domain/club';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useProfile } from '../../../lib/api/identity/get-profile.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatMoney, formatMoneyExact } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ErrorSummary } from '../../../ui/form.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useApplyMemberDiscount } from '../api/apply-member-discount.ts';
import { useCreateClubOrder } from '../api/create-club-order.ts';
import { useClubMembership } from '../api/get-club-membership.ts';
import { useClubOffer } from '../api/get-club-offer.ts';
import { usePricingTable } from '../api/get-pricing-table.ts';
import { CodeEntryForm } from '../components/code-entry-form.tsx';
import { ImmediateStartConsent, WithdrawalNotice } from '../components/purchase-terms.tsx';
import { useClubTheme } from '../hooks/use-club-theme.ts';
import { goToPaymentWindow } from '../lib/redirect-to-payment.ts';
import styles from '../webshop.module.css';

const CLUB = 'naf';

/** The membership number: checked here by the same schema as on the server ('Ugyldig NAF-nummer'). */
function MemberNumberForm({ current, onSaved }: { current: string | null; onSaved: () => void }) {
  const { t } = useTranslation(['club', 'common']);
  const apply = useApplyMemberDiscount();
  return (
    <CodeEntryForm
      schema={ClubMemberFormSchema}
      name="member_id"
      defaultValue={current ?? ''}
      texts={{
        form: t('club:member.formLabel'),
        field: t('club:member.number'),
        hint: t('club:member.numberHint'),
        submit: t('club:member.apply'),
      }}
      isPending={apply.isPending}
      onSubmit={async (memberId) => {
        await apply.mutateAsync({ club: CLUB, memberId });
        onSaved();
      }}
    />
  );
}

/** One item of the offer: the catalogue price, and the member price a confirmed member pays. */
function OfferPrice({ item, isMember }: { item: ClubOfferItem; isMember: boolean }) {
  const { t, i18n } = useTranslation('club');
  const money = (minor: number) => formatMoney(minor, item.price_after.currency, i18n.language);
  return (
    <div className={styles.panel} data-testid={`club-offer-${item.role}`}>
      {/* Bought once with Vipps, never renewed: not called a subscription (the catalogue's name). */}
      <h3 className={styles.sectionHeading}>
        {item.role === 'offer'
          ? t('club:offer.headingOffer', { count: item.product.credits })
          : t('club:offer.headingExtra')}
      </h3>
      <p>
        {item.product.period_months
          ? t('club:offer.period', { count: item.product.period_months })
          : t('club:offer.oneTime')}
      </p>
      <p>{t('club:offer.listPrice', { amount: money(item.price_before.amount_minor) })}</p>
      <p className={styles.total}>
        {t('club:offer.memberPrice', { amount: money(item.price_after.amount_minor) })}
      </p>
      <p className={styles.muted}>
        {isMember
          ? t('club:offer.youPay', { amount: money(item.price_after.amount_minor) })
          : t('club:offer.membersOnly')}
      </p>
    </div>
  );
}

/** What the person's membership number gets them, and why not when it does not. */
function MembershipStatus({
  state,
  memberNumber,
  onChange,
}: {
  state: Exclude<ClubMembershipState, 'none'>;
  memberNumber: string;
  onChange: () => void;
}) {
  const { t } = useTranslation('club');
  const change = (
    <Button variant="secondary" onPress={onChange}>
      {t('club:member.change')}
    </Button>
  );
  if (state === 'confirmed')
    return (
      <Alert tone="success" announce="auto" title={t('club:member.saved', { number: memberNumber })}>
        <p>{t('club:member.discountApplies')}</p>
        {change}
      </Alert>
    );
  return (
    <Alert
      tone="warning"
      announce="auto"
      title={
        state === 'not_on_list'
          ? t('club:member.notOnList', { number: memberNumber })
          : t('club:member.unconfirmable')
      }
    >
      <p>{state === 'not_on_list' ? t('club:member.notOnListText') : t('club:member.unconfirmableText')}</p>
      {change}
    </Alert>
  );
}

/**
 * /app/bikes/register/purchase-naf — the club variant of buying a registration, on the club theme:
 * the member gives their NAF number (kept on the profile) and is told whether it gets the member
 * price (on NAF's member list, or why not), sees the price to pay in NOK with the VAT in it, the
 * 14-day right of withdrawal and the unticked request to start at once, then pays in Vipps
 * MobilePay and comes back to the return page, which waits for Vipps' word. With a registration
 * already active it offers one more registration at the member price instead.
 */
export function Component() {
  useClubTheme();
  const { t, i18n } = useTranslation(['club', 'webshop', 'common']);
  const offer = useClubOffer(CLUB);
  const profile = useProfile();
  const membership = useClubMembership(CLUB);
  const table = usePricingTable();
  const createOrder = useCreateClubOrder();
  const [editing, setEditing] = useState(false);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const queries = [offer, profile, membership, table] as const;
  const failed = queries.find((query) => query.isError && !query.data);
  if (failed)
    return (
      <LoadErrorPage
        title={t('club:title')}
        alertTitle={t('club:loadFailed')}
        error={failed.error}
        retry={() => {
          for (const query of queries) void query.refetch();
        }}
      />
    );
  if (!offer.data || !profile.data || !membership.data || !table.data) return <LoadingState />;

  const memberNumber = membership.data.club_membership_number;
  const state = membership.data.membership;
  // The member price only for a number the club's member list confirms (the server prices alike).
  const isMember = state === 'confirmed';
  // With a registration already running, the club's extra registration is what is bought here.
  const extra = table.data.subscription_active
    ? offer.data.items.find((item) => item.role === 'extra_registration')
    : undefined;
  const registration = extra ?? offer.data.items.find((item) => item.role === 'offer');
  if (!registration) return <LoadingState />;
  const payable = isMember ? registration.price_after : registration.price_before;
  const amount = formatMoney(payable.amount_minor, payable.currency, i18n.language);
  // The VAT inside what is paid, to the øre, as the receipt prints it.
  const vat = formatMoneyExact(payable.vat_minor, payable.currency, i18n.language);

  const pay = async () => {
    setFailure(null);
    if (!consent) {
      setConsentError('must_accept');
      return;
    }
    try {
      const started = await createOrder.mutateAsync({
        club: CLUB,
        extra: Boolean(extra),
        immediate_start_consent: true,
      });
      goToPaymentWindow(started.payment_url);
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  return (
    <PageLayout title={t('club:title')} lead={t('club:lead', { club: offer.data.name })}>
      <section className={styles.section} aria-labelledby="member-heading">
        <h2 id="member-heading" className={styles.sectionHeading}>
          {t('club:member.title')}
        </h2>
        {memberNumber && state !== 'none' && !editing ? (
          <MembershipStatus state={state} memberNumber={memberNumber} onChange={() => setEditing(true)} />
        ) : (
          <MemberNumberForm current={memberNumber} onSaved={() => setEditing(false)} />
        )}
      </section>
      <section className={styles.section} aria-labelledby="offer-heading">
        <h2 id="offer-heading" className={styles.sectionHeading}>
          {t('club:offer.title')}
        </h2>
        <OfferPrice item={registration} isMember={isMember} />
      </section>
      <section className={styles.panel} aria-labelledby="pay-heading">
        <h2 id="pay-heading">{t('club:pay.title')}</h2>
        <p className={styles.total}>{t('club:pay.total', { amount })}</p>
        <p className={styles.muted}>{t('club:offer.inclVat', { amount: vat })}</p>
        <WithdrawalNotice surchargeNote={t('club:pay.noSurcharge')} />
        <ImmediateStartConsent
          isSelected={consent}
          onChange={(value) => {
            setConsent(value);
            if (value) setConsentError(null);
          }}
          error={consentError}
        />
        <ErrorSummary message={failure} title={t('webshop:checkout.failedTitle')} />
        <div className={styles.actions}>
          <Button onPress={() => void pay()} isPending={createOrder.isPending}>
            {t('club:pay.button', { amount })}
          </Button>
        </div>
        <p className={styles.muted}>{t('club:pay.note')}</p>
      </section>
      <p>
        <Link href={paths.app.bikesRegisterPurchase.getHref()}>{t('club:otherPlans')}</Link>
      </p>
    </PageLayout>
  );
}
