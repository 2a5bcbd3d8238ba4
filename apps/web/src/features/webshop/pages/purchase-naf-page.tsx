import { ClubMemberFormSchema, type ClubOfferItem } from '@nbr/domain/club';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useProfile } from '../../../lib/api/identity/get-profile.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ErrorSummary } from '../../../ui/form.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useApplyMemberDiscount } from '../api/apply-member-discount.ts';
import { useCreateClubOrder } from '../api/create-club-order.ts';
import { useClubOffer } from '../api/get-club-offer.ts';
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

/** One item of the offer: the catalogue price, and the member price a member pays. */
function OfferPrice({ item, isMember }: { item: ClubOfferItem; isMember: boolean }) {
  const { t, i18n } = useTranslation('club');
  const money = (minor: number) => formatMoney(minor, item.price_after.currency, i18n.language);
  return (
    <div className={styles.panel} data-testid={`club-offer-${item.role}`}>
      <h2 className={styles.sectionHeading}>{item.product.name}</h2>
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
      <p className={styles.muted}>{t('club:offer.inclVat', { amount: money(item.price_after.vat_minor) })}</p>
    </div>
  );
}

/**
 * /app/bikes/register/purchase-naf — the club variant of buying a registration, on the club theme:
 * the member gives their NAF number (kept on the profile), sees the member price in NOK incl. VAT,
 * the 14-day right of withdrawal and the unticked request to start at once, then pays in Vipps
 * MobilePay and comes back to the return page, which waits for Vipps' word.
 */
export function Component() {
  useClubTheme();
  const { t, i18n } = useTranslation(['club', 'webshop', 'common']);
  const offer = useClubOffer(CLUB);
  const profile = useProfile();
  const createOrder = useCreateClubOrder();
  const [editing, setEditing] = useState(false);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if ((offer.isError && !offer.data) || (profile.isError && !profile.data))
    return (
      <LoadErrorPage
        title={t('club:title')}
        alertTitle={t('club:loadFailed')}
        error={offer.error ?? profile.error}
        retry={() => {
          void offer.refetch();
          void profile.refetch();
        }}
      />
    );
  if (!offer.data || !profile.data) return <LoadingState />;

  const memberNumber = profile.data.club_membership_number;
  const isMember = Boolean(memberNumber);
  const registration = offer.data.items.find((item) => item.role === 'offer');
  if (!registration) return <LoadingState />;
  const payable = isMember ? registration.price_after : registration.price_before;
  const amount = formatMoney(payable.amount_minor, payable.currency, i18n.language);

  const pay = async () => {
    setFailure(null);
    if (!consent) {
      setConsentError('must_accept');
      return;
    }
    try {
      const started = await createOrder.mutateAsync({ club: CLUB, immediate_start_consent: true });
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
        {isMember && !editing ? (
          <Alert tone="success" announce="auto" title={t('club:member.saved', { number: memberNumber })}>
            <p>{t('club:member.discountApplies')}</p>
            <Button variant="secondary" onPress={() => setEditing(true)}>
              {t('club:member.change')}
            </Button>
          </Alert>
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
        <WithdrawalNotice />
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
