import {
  firstIncompleteStep,
  missingOnboardingFields,
  ONBOARDING_STEPS,
  type OnboardingDraft,
  OnboardingDraftInputSchema,
  type OnboardingStep,
} from '@nbr/domain/insurance-signup';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { ApiError, isApiError } from '../../../lib/api-client.ts';
import { errorMessage, issueField } from '../../../lib/api-errors.ts';
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
import { useApplyForPolicy } from '../api/policies-apply.ts';
import styles from './signup.module.css';
import {
  type BasketBike,
  BasketTable,
  ConsentFields,
  furthest,
  offerLabel,
  summaryOf,
  unregisteredBike,
  useRegisteredBikes,
} from './signup-shared.tsx';

/*
 * /insurance/onboarding/{step} — the insurance onboarding wizard (issue 16 §2, SPEC §2): consent →
 * insurance-details (insurer and bikes) → insurance-type (the cover, priced live) → shipping-info
 * (contact and address). The draft lives on the server and is saved as the person types, so a
 * reload or another device finds it as it was. Finishing applies for the policy; the API takes the
 * address onto it and clears the draft, and the holder completes the checkout on personal-info.
 */

function isStep(value: string | undefined): value is OnboardingStep {
  return (ONBOARDING_STEPS as readonly string[]).includes(value ?? '');
}

export function Component() {
  const { step } = useParams();
  const { t } = useTranslation('insurance');
  const draft = useOnboardingDraft();
  if (!isStep(step)) throw new ApiError({ status: 404, code: 'not_found' });
  if (draft.isError && !draft.data)
    return (
      <LoadErrorPage
        alertTitle={t('loadFailed')}
        title={t(`onboarding.steps.${step}.title`)}
        error={draft.error}
        retry={() => void draft.refetch()}
      />
    );
  if (!draft.data) return <LoadingState />;
  if (!draft.data.unlocked_steps.includes(step))
    return <Navigate replace to={paths.insurance.onboardingStep.getHref({ step: furthest(draft.data) })} />;
  return <StepForm key={step} step={step} draft={draft.data} />;
}

type Fields = Omit<OnboardingDraft, 'party_id' | 'saved_at'>;

function StepForm({ step, draft }: { step: OnboardingStep; draft: OnboardingDraft }) {
  const { t } = useTranslation(['insurance', 'common']);
  const navigate = useNavigate();
  const save = useSaveOnboardingDraft();
  const apply = useApplyForPolicy();
  const [fields, setFields] = useState<Fields>(() => draftInput(draft) as Fields);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const index = ONBOARDING_STEPS.indexOf(step);
  const next = ONBOARDING_STEPS[index + 1];
  const previous = ONBOARDING_STEPS[index - 1];

  // Saved as the person types (a pause of a second): a reload finds what was typed.
  const settled = useDebouncedValue(fields, 800);
  const lastSaved = useRef(JSON.stringify(draftInput(draft)));
  const { mutate: autosave } = save;
  useEffect(() => {
    const text = JSON.stringify(settled);
    if (text === lastSaved.current) return;
    if (!OnboardingDraftInputSchema.safeParse(settled).success) return;
    lastSaved.current = text;
    autosave(settled);
  }, [settled, autosave]);

  const update = (changes: Partial<Fields>) => {
    setFields((current) => ({ ...current, ...changes }));
    setProblems({});
    setSummary(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const current: OnboardingDraft = { ...draft, ...fields };
    const missing = missingOnboardingFields(current, step);
    const parsed = OnboardingDraftInputSchema.safeParse(fields);
    const found: Record<string, string> = Object.fromEntries(missing.map((field) => [field, 'required']));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    }
    if (Object.keys(found).length > 0) {
      setProblems(found);
      setSummary(summaryOf(found, t));
      return;
    }
    const unlocked = next ? [...new Set([...fields.unlocked_steps, next])] : fields.unlocked_steps;
    try {
      const saved = await save.mutateAsync({ ...fields, unlocked_steps: unlocked });
      lastSaved.current = JSON.stringify(draftInput(saved));
      if (next) {
        navigate(paths.insurance.onboardingStep.getHref({ step: next }));
        return;
      }
      if (!saved.insurer_party_id || !saved.insurance_coverage || !saved.number_of_bikes) {
        navigate(paths.insurance.onboardingStep.getHref({ step: firstIncompleteStep(saved) ?? 'consent' }));
        return;
      }
      const policy = await apply.mutateAsync({
        insurer_party_id: saved.insurer_party_id,
        coverage: saved.insurance_coverage,
        number_of_bikes: saved.number_of_bikes,
        bike_ids: saved.bike_ids,
      });
      // The checkout page says the application was sent (issue 27: the wizard ended in silence).
      navigate(
        paths.insurance.policyPersonalInfo.getHref(
          { insurerPartyId: policy.insurer.party_id },
          { policy: policy.id, sent: '1' },
        ),
      );
    } catch (error) {
      // The 400 of a pre-registered person has already sent them to the contents sign-up.
      if (isApiError(error) && error.preRegisteredPolicy) return;
      const fieldProblems: Record<string, string> = {};
      if (isApiError(error) && error.status === 422) {
        for (const issue of error.issues) {
          const field = issueField(issue.loc);
          if (field) fieldProblems[field.split('.')[0] ?? field] = issue.type;
        }
      }
      setProblems(fieldProblems);
      setSummary({ message: errorMessage(error, t) });
    }
  };

  return (
    <PageLayout
      title={t(`onboarding.steps.${step}.title`)}
      lead={t(`onboarding.steps.${step}.lead`)}
      width="form"
    >
      <ol className={styles.steps} aria-label={t('onboarding.progress')}>
        {ONBOARDING_STEPS.map((candidate, position) => (
          <li
            key={candidate}
            className={candidate === step ? styles.stepCurrent : undefined}
            aria-current={candidate === step ? 'step' : undefined}
          >
            {position + 1}. {t(`onboarding.steps.${candidate}.short`)}
          </li>
        ))}
      </ol>
      <Form onSubmit={(event) => void submit(event)} aria-label={t(`onboarding.steps.${step}.title`)}>
        <ErrorSummary title={summary?.title} message={summary?.message} />
        {step === 'consent' ? (
          <ConsentFields
            values={{
              acknowledgement_privacy: fields.acknowledgement_privacy === true,
              acknowledgement_data_share: fields.acknowledgement_data_share === true,
              acknowledgement_ownership_transfer: fields.acknowledgement_ownership_transfer === true,
            }}
            onChange={(values) => update(values)}
            privacyError={problems.acknowledgement_privacy ? 'must_accept' : null}
          />
        ) : null}
        {step === 'insurance-details' ? (
          <DetailsStep fields={fields} update={update} problems={problems} />
        ) : null}
        {step === 'insurance-type' ? <TypeStep fields={fields} update={update} problems={problems} /> : null}
        {step === 'shipping-info' ? (
          <ShippingStep fields={fields} update={update} problems={problems} />
        ) : null}
        <FormActions>
          <Button type="submit" isPending={save.isPending || apply.isPending}>
            {next ? t('onboarding.next') : t('onboarding.finish')}
          </Button>
          {previous ? (
            <Button
              variant="secondary"
              onPress={() => navigate(paths.insurance.onboardingStep.getHref({ step: previous }))}
            >
              {t('common:actions.back')}
            </Button>
          ) : null}
        </FormActions>
        <p className={styles.muted}>{t('onboarding.savedAsYouGo')}</p>
      </Form>
    </PageLayout>
  );
}

interface StepProps {
  fields: Fields;
  update: (changes: Partial<Fields>) => void;
  problems: Record<string, string>;
}

/** The extra bikes beyond the registered ones chosen: number_of_bikes minus bike_ids. */
function extraOf(fields: Fields): number {
  return Math.max((fields.number_of_bikes ?? fields.bike_ids.length) - fields.bike_ids.length, 0);
}

function DetailsStep({ fields, update, problems }: StepProps) {
  const { t } = useTranslation(['insurance', 'common']);
  const { region } = useRegion();
  const offers = useInsuranceOffers(region);
  const registered = useRegisteredBikes();
  const insurers = useMemo(() => {
    const seen = new Map<string, string>();
    for (const offer of offers.data ?? []) seen.set(offer.insurer.party_id, offer.insurer.name);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [offers.data]);
  const extra = extraOf(fields);

  if (offers.isError || registered.isError)
    return <ErrorSummary message={t('loadFailed')} title={t('common:messages.serverDidNotRespond')} />;
  if (!offers.data || !registered.bikes) return <LoadingState />;
  const setBikes = (bikeIds: string[], extraBikes: number) =>
    update({ bike_ids: bikeIds, number_of_bikes: bikeIds.length + extraBikes || null });

  return (
    <>
      {insurers.length === 0 ? <p>{t('offers.none')}</p> : null}
      <RadioGroup
        label={t('onboarding.insurer')}
        options={insurers}
        value={fields.insurer_party_id ?? ''}
        onChange={(value) => update({ insurer_party_id: value, insurance_coverage: null })}
        error={problems.insurer_party_id ?? null}
      />
      <fieldset className={styles.stack}>
        <legend>{t('onboarding.bikes')}</legend>
        {registered.bikes.length === 0 ? (
          <p className={styles.muted}>{t('onboarding.noRegisteredBikes')}</p>
        ) : null}
        {registered.bikes.map((bike) => (
          <Checkbox
            key={bike.id}
            isSelected={fields.bike_ids.includes(bike.id)}
            onChange={(selected) =>
              setBikes(
                selected ? [...fields.bike_ids, bike.id] : fields.bike_ids.filter((id) => id !== bike.id),
                extra,
              )
            }
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
          onChange={(value) => setBikes(fields.bike_ids, Math.max(0, Math.min(10, Number(value) || 0)))}
          error={problems.number_of_bikes ?? problems.bike_ids ?? null}
        />
      </fieldset>
    </>
  );
}

function basketOf(fields: Fields, registered: readonly BasketBike[]): BasketBike[] {
  const named = registered.filter((bike) => fields.bike_ids.includes(bike.id));
  return [...named, ...Array.from({ length: extraOf(fields) }, (_, index) => unregisteredBike(index))];
}

function TypeStep({ fields, update, problems }: StepProps) {
  const { t, i18n } = useTranslation(['insurance', 'common']);
  const { region } = useRegion();
  const offers = useInsuranceOffers(region);
  const registered = useRegisteredBikes();
  if (offers.isError || registered.isError)
    return <ErrorSummary message={t('loadFailed')} title={t('common:messages.serverDidNotRespond')} />;
  if (!offers.data || !registered.bikes) return <LoadingState />;
  const covers = offers.data.filter((offer) => offer.insurer.party_id === fields.insurer_party_id);
  const basket = basketOf(fields, registered.bikes);
  const chosen = covers.find((offer) => offer.cover_kind === fields.insurance_coverage);
  const language = i18n.language;
  return (
    <>
      <RadioGroup
        label={t('onboarding.cover')}
        options={covers.map((offer) => ({
          value: offer.cover_kind,
          label: (offer.names as Record<string, string>)[language] ?? offer.names.da,
          description: t(`covers.${offer.cover_kind}Help`),
        }))}
        value={fields.insurance_coverage ?? ''}
        onChange={(value) => update({ insurance_coverage: value as Fields['insurance_coverage'] })}
        error={problems.insurance_coverage ?? null}
      />
      {chosen ? (
        <Card title={t('basket.title')} headingLevel={2}>
          <BasketTable offer={chosen} bikes={basket} />
          <h3>{t('overview.terms')}</h3>
          <p>{(chosen.terms as Record<string, string>)[language] ?? chosen.terms.da}</p>
        </Card>
      ) : null}
    </>
  );
}

/**
 * The chosen cover and its premium, shown again on the last step before the application is sent
 * (issue 27: the wizard asked to send without showing the price; the enrolment shows it first).
 */
function ChosenPremium({ fields }: { fields: Fields }) {
  const { t, i18n } = useTranslation(['insurance', 'common']);
  const { region } = useRegion();
  const offers = useInsuranceOffers(region);
  const registered = useRegisteredBikes();
  if (offers.isError || registered.isError)
    return <ErrorSummary message={t('loadFailed')} title={t('common:messages.serverDidNotRespond')} />;
  if (!offers.data || !registered.bikes) return <LoadingState />;
  const chosen = offers.data.find(
    (offer) =>
      offer.insurer.party_id === fields.insurer_party_id && offer.cover_kind === fields.insurance_coverage,
  );
  if (!chosen) return null;
  return (
    <Card title={t('basket.title')} headingLevel={2}>
      <p>{offerLabel(chosen, i18n.language)}</p>
      <BasketTable offer={chosen} bikes={basketOf(fields, registered.bikes)} />
    </Card>
  );
}

function ShippingStep({ fields, update, problems }: StepProps) {
  const { t } = useTranslation(['insurance', 'common']);
  const text = (name: keyof Fields, options: { optional?: boolean; type?: string } = {}) => (
    <TextField
      label={t(`onboarding.fields.${name}`)}
      name={name}
      type={options.type}
      isOptional={options.optional}
      value={(fields[name] as string | null) ?? ''}
      onChange={(value) => update({ [name]: value === '' ? null : value } as Partial<Fields>)}
      error={problems[name] ?? null}
    />
  );
  return (
    <>
      <div className={styles.grid}>
        {text('first_name')}
        {text('last_name')}
      </div>
      {text('email', { type: 'email' })}
      {text('street_address')}
      <div className={styles.row}>
        {text('floor', { optional: true })}
        {text('side', { optional: true })}
        {text('door', { optional: true })}
      </div>
      <div className={styles.row}>
        {text('zip_code')}
        {text('city')}
      </div>
      {text('mobile', { type: 'tel' })}
      {text('telephone', { type: 'tel', optional: true })}
      <ChosenPremium fields={fields} />
    </>
  );
}
