import type { HolderDetailsBody, InsuranceOffer, OnboardingDraft } from '@nbr/domain/insurance-signup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useRegion } from '../../../lib/region.ts';
import { Card } from '../../../ui/card.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useOnboardingDraft } from '../api/onboarding-get-draft.ts';
import { useInsuranceOffers } from '../api/onboarding-get-offers.ts';
import { draftInput, useSaveOnboardingDraft } from '../api/onboarding-save-draft.ts';
import { useApplyForPolicy } from '../api/policies-apply.ts';
import { useSaveHolderDetails } from '../api/policies-save-holder-details.ts';
import styles from './signup.module.css';
import {
  type BasketBike,
  BasketTable,
  ConsentFields,
  type ConsentValues,
  HolderDetailsForm,
  offerLabel,
  unregisteredBike,
  useRegisteredBikes,
} from './signup-shared.tsx';

/**
 * /forsikrings-indtegning/overblik — the summary of the enrolment (insurer, cover, bikes, premium),
 * the consent and the checkout fields (SPEC §3). Confirming applies for the policy and stores the
 * holder's details on it (the national id encrypted); then the order confirmation.
 */
export function Component() {
  const { t } = useTranslation(['insurance', 'common']);
  const draft = useOnboardingDraft();
  const { region } = useRegion();
  const offers = useInsuranceOffers(region);
  const bikes = useRegisteredBikes();
  const failed = (draft.isError && draft.error) || (offers.isError && offers.error);
  if (failed || bikes.isError)
    return (
      <LoadErrorPage
        alertTitle={t('loadFailed')}
        title={t('overview.title')}
        error={failed || null}
        retry={() => {
          void draft.refetch();
          void offers.refetch();
          bikes.retry();
        }}
      />
    );
  if (!draft.data || !offers.data || !bikes.bikes) return <LoadingState />;
  const offer = offers.data.find(
    (candidate) =>
      candidate.insurer.party_id === draft.data.insurer_party_id &&
      candidate.cover_kind === draft.data.insurance_coverage,
  );
  if (!offer || !draft.data.number_of_bikes)
    return <Navigate replace to={paths.insuranceSignup.enrolment.getHref()} />;
  const basket = [
    ...bikes.bikes.filter((bike) => draft.data.bike_ids.includes(bike.id)),
    ...Array.from(
      { length: Math.max(draft.data.number_of_bikes - draft.data.bike_ids.length, 0) },
      (_, index) => unregisteredBike(index),
    ),
  ];
  return <Overview draft={draft.data} offer={offer} basket={basket} />;
}

function Overview({
  draft,
  offer,
  basket,
}: {
  draft: OnboardingDraft;
  offer: InsuranceOffer;
  basket: BasketBike[];
}) {
  const { t, i18n } = useTranslation(['insurance', 'common']);
  const navigate = useNavigate();
  const saveDraft = useSaveOnboardingDraft();
  const apply = useApplyForPolicy();
  const saveDetails = useSaveHolderDetails();
  const [consent, setConsent] = useState<ConsentValues>({
    acknowledgement_privacy: draft.acknowledgement_privacy === true,
    acknowledgement_data_share: draft.acknowledgement_data_share === true,
    acknowledgement_ownership_transfer: draft.acknowledgement_ownership_transfer === true,
  });
  const [consentProblem, setConsentProblem] = useState<string | null>(null);
  // The application made by an earlier try whose details failed: a retry only stores the details.
  const [policyId, setPolicyId] = useState<string | null>(null);
  const name = [draft.first_name, draft.last_name].filter(Boolean).join(' ');

  const confirm = async (body: HolderDetailsBody) => {
    if (!consent.acknowledgement_privacy) {
      setConsentProblem('must_accept');
      return;
    }
    try {
      let id = policyId;
      if (!id) {
        // The consent is kept with the application (the API records it when it takes the draft).
        await saveDraft.mutateAsync({ ...draftInput(draft), ...consent });
        const policy = await apply.mutateAsync({
          insurer_party_id: offer.insurer.party_id,
          coverage: offer.cover_kind,
          number_of_bikes: basket.length,
          bike_ids: basket.flatMap((bike) => (bike.bikeId ? [bike.bikeId] : [])),
        });
        id = policy.id;
        setPolicyId(id);
      }
      await saveDetails.mutateAsync({ policyId: id, details: body });
      navigate(paths.insuranceSignup.orderConfirmation.getHref({ policy: id }));
    } catch (error) {
      // A pre-registered person has been sent on to the contents sign-up (SPEC §8).
      if (isApiError(error) && error.preRegisteredPolicy) return;
    }
  };

  return (
    <PageLayout title={t('overview.title')} lead={t('overview.lead')} width="form">
      <div className={styles.stack}>
        <Card title={t('overview.summary')}>
          <p>
            <strong>{offerLabel(offer, i18n.language)}</strong>
          </p>
          <BasketTable offer={offer} bikes={basket} />
          <h3>{t('overview.terms')}</h3>
          <p>{(offer.terms as Record<string, string>)[i18n.language] ?? offer.terms.da}</p>
          <Link href={paths.insuranceSignup.enrolment.getHref()}>{t('overview.change')}</Link>
        </Card>
        <HolderDetailsForm
          region={offer.region}
          initial={{
            name: name === '' ? null : name,
            email: draft.email,
            streetAddress: draft.street_address,
            city: draft.city,
            zipCode: draft.zip_code,
            floor: draft.floor,
            side: draft.side,
            door: draft.door,
            mobilePhone: draft.mobile,
            otherPhone: draft.telephone,
          }}
          submitLabel={t('overview.confirm')}
          isPending={saveDraft.isPending || apply.isPending || saveDetails.isPending}
          error={saveDetails.error ?? apply.error ?? saveDraft.error}
          onSubmit={(body) => void confirm(body)}
        >
          <fieldset className={styles.stack}>
            <legend>{t('consent.title')}</legend>
            <ConsentFields
              values={consent}
              onChange={(values) => {
                setConsent(values);
                setConsentProblem(null);
              }}
              privacyError={consentProblem}
            />
          </fieldset>
          <h2>{t('checkout.title')}</h2>
        </HolderDetailsForm>
      </div>
    </PageLayout>
  );
}
