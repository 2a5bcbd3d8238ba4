import type { InsuranceOffer, OnboardingDraft } from '@nbr/domain/insurance-signup';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useRegion } from '../../../lib/region.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { ErrorSummary, Form, FormActions } from '../../../ui/form.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useOnboardingDraft } from '../api/onboarding-get-draft.ts';
import { useInsuranceOffers } from '../api/onboarding-get-offers.ts';
import { draftInput, useSaveOnboardingDraft } from '../api/onboarding-save-draft.ts';
import styles from './signup.module.css';
import {
  type BasketBike,
  BasketTable,
  offerLabel,
  unregisteredBike,
  useRegisteredBikes,
} from './signup-shared.tsx';

/**
 * /forsikrings-indtegning — choose the insurer and cover and the basket of bikes, priced live by
 * the insurer's tariff (issue 16 §2). The choice is kept in the person's onboarding draft on the
 * server, so the overview (and the wizard) continue from it.
 */
export function Component() {
  const { t } = useTranslation(['insurance', 'common']);
  const { region } = useRegion();
  const offers = useInsuranceOffers(region);
  const draft = useOnboardingDraft();
  const bikes = useRegisteredBikes();
  const failed = (offers.isError && offers.error) || (draft.isError && draft.error);
  if (failed || bikes.isError)
    return (
      <LoadErrorPage
        alertTitle={t('loadFailed')}
        title={t('enrolment.title')}
        error={failed || null}
        retry={() => {
          void offers.refetch();
          void draft.refetch();
          bikes.retry();
        }}
      />
    );
  if (!offers.data || !draft.data || !bikes.bikes) return <LoadingState />;
  return <Enrolment offers={offers.data} draft={draft.data} registered={bikes.bikes} />;
}

function offerIdOf(offers: readonly InsuranceOffer[], draft: OnboardingDraft, insurer: string | null) {
  const match = offers.find(
    (offer) =>
      offer.insurer.party_id === (insurer ?? draft.insurer_party_id) &&
      (insurer !== null || offer.cover_kind === draft.insurance_coverage),
  );
  return match?.id ?? '';
}

function Enrolment({
  offers,
  draft,
  registered,
}: {
  offers: InsuranceOffer[];
  draft: OnboardingDraft;
  registered: BasketBike[];
}) {
  const { t, i18n } = useTranslation(['insurance', 'common']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const save = useSaveOnboardingDraft();
  const preferred = search.get('insurer');
  const [offerId, setOfferId] = useState(() =>
    preferred && preferred !== draft.insurer_party_id
      ? offerIdOf(offers, draft, preferred)
      : offerIdOf(offers, draft, null),
  );
  const [bikeIds, setBikeIds] = useState<string[]>(() =>
    draft.bike_ids.filter((id) => registered.some((bike) => bike.id === id)),
  );
  const [extra, setExtra] = useState(() =>
    Math.max(
      (draft.number_of_bikes ?? 0) - draft.bike_ids.length,
      bikeIds.length === 0 && registered.length === 0 ? 1 : 0,
    ),
  );
  const [problems, setProblems] = useState<Record<string, string>>({});
  const offer = offers.find((candidate) => candidate.id === offerId) ?? null;
  const basket = useMemo(
    () => [
      ...registered.filter((bike) => bikeIds.includes(bike.id)),
      ...Array.from({ length: extra }, (_, index) => unregisteredBike(index)),
    ],
    [registered, bikeIds, extra],
  );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!offer) found.offer = 'required';
    if (basket.length === 0) found.bikes = 'required';
    if (basket.length > 10) found.bikes = 'invalid_number_of_bikes';
    setProblems(found);
    if (!offer || Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({
        ...draftInput(draft),
        insurer_party_id: offer.insurer.party_id,
        insurance_coverage: offer.cover_kind,
        bike_ids: bikeIds,
        number_of_bikes: basket.length,
      });
      navigate(paths.insuranceSignup.overview.getHref());
    } catch {
      // Shown from the mutation's error.
    }
  };

  const missing = Object.keys(problems).length > 0;
  return (
    <PageLayout title={t('enrolment.title')} lead={t('enrolment.lead')} width="form">
      <Form onSubmit={(event) => void submit(event)} aria-label={t('enrolment.title')}>
        <ErrorSummary
          title={missing ? t('common:messages.missingSomething') : undefined}
          message={
            missing ? t('common:messages.fillInAllFields') : save.error ? errorMessage(save.error, t) : null
          }
        />
        {offers.length === 0 ? <p>{t('offers.none')}</p> : null}
        <RadioGroup
          label={t('enrolment.offer')}
          options={offers.map((candidate) => ({
            value: candidate.id,
            label: offerLabel(candidate, i18n.language),
            description: t(`covers.${candidate.cover_kind}Help`),
          }))}
          value={offerId}
          onChange={(value) => {
            setOfferId(value);
            setProblems({});
          }}
          error={problems.offer ?? null}
        />
        <fieldset className={styles.stack}>
          <legend>{t('onboarding.bikes')}</legend>
          {registered.length === 0 ? (
            <p className={styles.muted}>{t('onboarding.noRegisteredBikes')}</p>
          ) : null}
          {registered.map((bike) => (
            <Checkbox
              key={bike.id}
              isSelected={bikeIds.includes(bike.id)}
              onChange={(selected) => {
                setBikeIds((current) =>
                  selected ? [...current, bike.id] : current.filter((id) => id !== bike.id),
                );
                setProblems({});
              }}
            >
              {bike.name}
            </Checkbox>
          ))}
          <TextField
            label={t('onboarding.extraBikes')}
            description={t('onboarding.extraBikesHelp')}
            type="number"
            inputMode="numeric"
            value={String(extra)}
            onChange={(value) => {
              setExtra(Math.max(0, Math.min(10, Number(value) || 0)));
              setProblems({});
            }}
            error={problems.bikes ?? null}
          />
        </fieldset>
        {offer && basket.length > 0 ? (
          <Card title={t('basket.title')}>
            <BasketTable offer={offer} bikes={basket} />
          </Card>
        ) : null}
        <FormActions>
          <Button type="submit" isPending={save.isPending}>
            {t('enrolment.toOverview')}
          </Button>
        </FormActions>
      </Form>
    </PageLayout>
  );
}
