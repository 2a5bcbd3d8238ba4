import type { Bike } from '@nbr/domain/bikes';
import { VALIDATION_MESSAGES } from '@nbr/domain/identity';
import {
  bikePremiumMinor,
  DEFAULT_INSURED_BIKE,
  type Policy,
  policyPremiumMinor,
  type Tariff,
} from '@nbr/domain/insurance';
import {
  firstIncompleteStep,
  type HolderDetails,
  type HolderDetailsBody,
  holderDetailsSchemaOf,
  type InsuranceOffer,
  ONBOARDING_STEPS,
  type OnboardingDraft,
  type OnboardingStep,
} from '@nbr/domain/insurance-signup';
import type { Region } from '@nbr/domain/locale';
import { useQueries } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { bikeQueryOptions } from '../../../lib/api/bikes/get-bike.ts';
import { useBikes } from '../../../lib/api/bikes/get-bikes.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage, issueField } from '../../../lib/api-errors.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { ErrorSummary, Form, FormActions } from '../../../ui/form.tsx';
import { Link } from '../../../ui/link.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import styles from './signup.module.css';

/*
 * Pieces the insurance sign-up pages share (issue 16 §2): the basket of bikes priced live by the
 * insurer's tariff, the consent of the onboarding, the holder's checkout form and a policy's facts.
 */

// --- the basket -----------------------------------------------------------------------------------

/** A bike in the basket (SPEC §3 purchase autofill): a registered bike's values, or SPEC §9's defaults. */
export interface BasketBike {
  /** The registered bike's id, or a generated one for a bike not registered yet. */
  id: string;
  bikeId: string | null;
  name: string | null;
  price: number;
  category: string;
  isElectric: boolean;
  purchaseDate: string;
  /** Which values came from SPEC §9's defaults because the register does not know them. */
  defaulted: boolean;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The autofill of SPEC §3 from a registered bike, SPEC §9's defaults where it knows nothing. */
export function autofillOf(bike: Bike): BasketBike {
  return {
    id: bike.bike_id,
    bikeId: bike.bike_id,
    name: bike.nickname,
    price: bike.price ?? DEFAULT_INSURED_BIKE.price,
    category: bike.category ?? DEFAULT_INSURED_BIKE.category,
    isElectric: bike.is_electric,
    purchaseDate: bike.purchase_date ?? today(),
    defaulted: bike.price === null || bike.category === null || bike.purchase_date === null,
  };
}

/** A bike the person has not registered yet: priced as SPEC §9's default bike, as the insurer's tariff does. */
export function unregisteredBike(index: number): BasketBike {
  return {
    id: `unregistered-${index + 1}`,
    bikeId: null,
    name: null,
    price: DEFAULT_INSURED_BIKE.price,
    category: DEFAULT_INSURED_BIKE.category,
    isElectric: DEFAULT_INSURED_BIKE.is_electric,
    purchaseDate: today(),
    defaulted: true,
  };
}

/** The person's registered bikes with what the register knows of them (one call per bike). */
export function useRegisteredBikes(): { bikes: BasketBike[] | null; isError: boolean; retry: () => void } {
  const list = useBikes();
  const details = useQueries({
    queries: (list.data ?? []).map((bike) => bikeQueryOptions(bike.bike_id)),
  });
  const loaded = details.every((query) => query.data);
  return {
    bikes: list.data && loaded ? details.map((query) => autofillOf(query.data as Bike)) : null,
    isError: list.isError || details.some((query) => query.isError),
    retry: () => {
      void list.refetch();
      for (const query of details) if (query.isError) void query.refetch();
    },
  };
}

/** The premium of the basket as the API will compute it: each bike by the tariff. */
export function basketPremiumMinor(tariff: Tariff, bikes: readonly BasketBike[]): number {
  const registered = bikes.filter((bike) => bike.bikeId !== null);
  return policyPremiumMinor(
    tariff,
    registered.map((bike) => ({ price: bike.price, category: bike.category, is_electric: bike.isElectric })),
    bikes.length,
  );
}

/**
 * The basket as a table of two columns (the bike with what it is priced as, and its premium), so it
 * fits a 360 px phone; values SPEC §9 supplied are marked in words (no footnote asterisk) and explained once below.
 */
export function BasketTable({ offer, bikes }: { offer: InsuranceOffer; bikes: readonly BasketBike[] }) {
  const { t, i18n } = useTranslation(['insurance', 'common']);
  const tariff = offer.tariff as Tariff;
  const money = (minor: number) => formatMoney(minor, offer.currency, i18n.language);
  const anyDefaulted = bikes.some((bike) => bike.defaulted);
  return (
    <>
      <table className={styles.basket}>
        <caption className={styles.muted}>{t('basket.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('basket.bike')}</th>
            <th scope="col">{t('basket.premium')}</th>
          </tr>
        </thead>
        <tbody>
          {bikes.map((bike) => (
            <tr key={bike.id}>
              <td>
                <span className={styles.bikeName}>{bike.name ?? t('basket.unregistered')}</span>
                <span className={styles.muted}>
                  {t('basket.valuesText', {
                    price: formatMoney(bike.price * 100, offer.currency, i18n.language),
                    category: t(`common:bike.categories.${bike.category}`, { defaultValue: bike.category }),
                    electric: bike.isElectric ? t('basket.electric') : t('basket.notElectric'),
                    date: formatDate(bike.purchaseDate, i18n.language),
                  })}
                  {bike.defaulted ? ` (${t('basket.defaultedMark')})` : null}
                </span>
              </td>
              <td>
                {money(
                  bikePremiumMinor(tariff, {
                    price: bike.price,
                    category: bike.category,
                    is_electric: bike.isElectric,
                  }),
                )}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td>{t('basket.total')}</td>
            <td data-testid="basket-total">{money(basketPremiumMinor(tariff, bikes))}</td>
          </tr>
        </tfoot>
      </table>
      {anyDefaulted ? <p className={styles.muted}>{t('basket.defaulted')}</p> : null}
    </>
  );
}

/** An offer's name in the page's language: the insurer and its cover. */
export function offerLabel(offer: InsuranceOffer, language: string): string {
  const names = offer.names as Record<string, string>;
  return `${offer.insurer.name} – ${names[language] ?? names.da}`;
}

// --- the onboarding ---------------------------------------------------------------------------------

/** The step to resume at: the first incomplete one the person has reached, else the last reached. */
export function furthest(draft: OnboardingDraft): OnboardingStep {
  const incomplete = firstIncompleteStep(draft) ?? 'shipping-info';
  const unlocked = ONBOARDING_STEPS.filter((step) => draft.unlocked_steps.includes(step));
  return ONBOARDING_STEPS.indexOf(incomplete) < unlocked.length ? incomplete : (unlocked.at(-1) ?? 'consent');
}

// --- consent ----------------------------------------------------------------------------------------

export interface ConsentValues {
  acknowledgement_privacy: boolean;
  acknowledgement_data_share: boolean;
  acknowledgement_ownership_transfer: boolean;
}

/**
 * The three acknowledgements of the onboarding (insurance.md §6): the privacy notice is needed to
 * apply; sharing theft reports with the insurer and telling it of an ownership transfer are each
 * optional, explicit and can be withdrawn — never pre-ticked.
 */
export function ConsentFields({
  values,
  onChange,
  privacyError,
}: {
  values: ConsentValues;
  onChange: (values: ConsentValues) => void;
  privacyError?: string | null;
}) {
  const { t } = useTranslation('insurance');
  return (
    <div className={styles.stack}>
      <div>
        <Checkbox
          id="acknowledgement-privacy"
          isSelected={values.acknowledgement_privacy}
          onChange={(selected) => onChange({ ...values, acknowledgement_privacy: selected })}
          error={privacyError}
        >
          {t('consent.privacy')}
        </Checkbox>
        <p className={styles.muted}>
          {t('consent.privacyHelp')}{' '}
          <Link href={paths.content.privacy.getHref()}>{t('consent.privacyLink')}</Link>
        </p>
      </div>
      <div>
        <Checkbox
          isSelected={values.acknowledgement_data_share}
          onChange={(selected) => onChange({ ...values, acknowledgement_data_share: selected })}
        >
          {t('consent.dataShare')}
        </Checkbox>
        <p className={styles.muted}>{t('consent.dataShareHelp')}</p>
      </div>
      <div>
        <Checkbox
          isSelected={values.acknowledgement_ownership_transfer}
          onChange={(selected) => onChange({ ...values, acknowledgement_ownership_transfer: selected })}
        >
          {t('consent.ownershipTransfer')}
        </Checkbox>
        <p className={styles.muted}>{t('consent.ownershipTransferHelp')}</p>
      </div>
      <p className={styles.muted}>{t('consent.withdraw')}</p>
    </div>
  );
}

// --- the holder's checkout --------------------------------------------------------------------------

type HolderField = keyof HolderDetailsBody;

const HOLDER_FIELDS: readonly HolderField[] = [
  'name',
  'email',
  'identitySocialNumber',
  'streetAddress',
  'floor',
  'side',
  'door',
  'zipCode',
  'city',
  'mobilePhone',
  'otherPhone',
  'bankRegister',
  'bankAccount',
];

type HolderValues = Record<HolderField, string>;

function valuesOf(details: Partial<HolderDetails> | null): HolderValues {
  const values = {} as HolderValues;
  for (const field of HOLDER_FIELDS) {
    values[field] =
      field === 'identitySocialNumber' ? '' : ((details?.[field] as string | null | undefined) ?? '');
  }
  return values;
}

/** The checkout fields as the PUT takes them: empty optional fields are left empty. */
export function holderBody(values: HolderValues): HolderDetailsBody {
  return { ...values, identitySocialNumber: values.identitySocialNumber || null };
}

const VALIDATION_CODES: ReadonlySet<string> = new Set(VALIDATION_MESSAGES);

/**
 * The summary above the checkout form after its own checks failed: "you are missing something" only
 * when a field was left out; a field filled in but wrong (a CPR number whose date does not exist)
 * says what is wrong with it instead (issue 27).
 */
export function summaryOf(
  found: Partial<Record<string, string>>,
  t: (key: string) => string,
): { title: string; message: string } {
  const codes = Object.values(found).filter((code): code is string => Boolean(code));
  if (codes.length === 0 || codes.includes('required'))
    return { title: t('common:messages.missingSomething'), message: t('common:messages.fillInAllFields') };
  const first = codes[0] ?? '';
  return {
    title: t('common:messages.somethingWrong'),
    message: VALIDATION_CODES.has(first)
      ? t(`common:validation.${first}`)
      : t('common:errors.validation_failed'),
  };
}

/**
 * The holder's checkout form (SPEC §3): checked in the browser by the same rules as the API (the
 * insurer's region decides CPR or fødselsnummer, and the bank account's form), then handed to
 * `onSubmit`. A stored national id is shown masked and kept unless typed again.
 */
export function HolderDetailsForm({
  region,
  initial,
  submitLabel,
  onSubmit,
  isPending,
  error,
  children,
}: {
  region: Region;
  initial: Partial<HolderDetails> | null;
  submitLabel: string;
  onSubmit: (body: HolderDetailsBody) => void;
  isPending: boolean;
  /** A failed save: a 422's issues go beside their fields. */
  error: unknown;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation(['insurance', 'common']);
  const [values, setValues] = useState(() => valuesOf(initial));
  const [problems, setProblems] = useState<Partial<Record<HolderField, string>>>({});
  const [summary, setSummary] = useState<{ title: string; message: string } | null>(null);
  const storedMask = initial?.identitySocialNumber ?? null;

  const serverProblems: Partial<Record<HolderField, string>> = {};
  if (isApiError(error) && error.status === 422) {
    for (const issue of error.issues) {
      const field = issueField(issue.loc) as HolderField | null;
      if (field && HOLDER_FIELDS.includes(field)) serverProblems[field] = issue.type;
    }
  }
  const shown = { ...serverProblems, ...problems };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = holderBody(values);
    const parsed = holderDetailsSchemaOf(region, { nationalIdStored: storedMask !== null }).safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<HolderField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as HolderField;
        found[field] ??= issue.message;
      }
      setProblems(found);
      setSummary(summaryOf(found, t));
      return;
    }
    setProblems({});
    setSummary(null);
    onSubmit(body);
  };

  const field = (
    name: HolderField,
    options: { optional?: boolean; type?: string; description?: string } = {},
  ) => (
    <TextField
      label={
        name === 'identitySocialNumber' && region === 'no'
          ? t('checkout.fields.identitySocialNumberNo')
          : t(`checkout.fields.${name}`)
      }
      name={name}
      value={values[name]}
      onChange={(value) => {
        setValues((current) => ({ ...current, [name]: value }));
        setProblems((current) => ({ ...current, [name]: undefined }));
      }}
      error={shown[name] ?? null}
      isOptional={options.optional}
      type={options.type}
      description={options.description}
    />
  );

  return (
    <Form onSubmit={submit} aria-label={t('checkout.title')}>
      <ErrorSummary
        title={summary?.title}
        message={summary?.message ?? (error ? errorMessage(error, t) : null)}
      />
      {children}
      {field('name')}
      {field('email', { type: 'email' })}
      {field('identitySocialNumber', {
        optional: storedMask !== null,
        description:
          storedMask !== null
            ? t('checkout.nationalIdStored', { masked: storedMask })
            : t(region === 'dk' ? 'checkout.nationalIdHelpDk' : 'checkout.nationalIdHelpNo'),
      })}
      {field('streetAddress')}
      {/* A Danish address has floor, side and door; a Norwegian flat is one bolignummer. */}
      {region === 'dk' ? (
        <div className={styles.row}>
          {field('floor', { optional: true })}
          {field('side', { optional: true })}
          {field('door', { optional: true })}
        </div>
      ) : (
        field('door', { optional: true })
      )}
      <div className={styles.row}>
        {field('zipCode')}
        {field('city')}
      </div>
      {field('mobilePhone', { type: 'tel' })}
      {field('otherPhone', { type: 'tel', optional: true })}
      {region === 'dk' ? field('bankRegister') : null}
      {field('bankAccount', {
        description: t(region === 'dk' ? 'checkout.bankHelpDk' : 'checkout.bankHelpNo'),
      })}
      <p className={styles.muted}>{t('checkout.why')}</p>
      <FormActions>
        <Button type="submit" isPending={isPending}>
          {submitLabel}
        </Button>
      </FormActions>
    </Form>
  );
}

// --- a policy -----------------------------------------------------------------------------------------

/** The region whose rules a policy's checkout follows: its insurer's, told by the currency it prices in. */
export function regionOfPolicy(policy: Policy): Region {
  return policy.annual_premium.currency === 'NOK' ? 'no' : 'dk';
}

/** A policy's main facts: status, the insurer's number, cover, bikes and the yearly premium. */
export function PolicyFacts({ policy }: { policy: Policy }) {
  const { t, i18n } = useTranslation('insurance');
  return (
    <dl className={styles.facts}>
      <dt>{t('policy.status')}</dt>
      <dd>
        <span className={styles.status}>{t(`policy.statuses.${policy.status}`)}</span>
      </dd>
      <dt>{t('policy.insurer')}</dt>
      <dd>{policy.insurer.name}</dd>
      <dt>{t('policy.cover')}</dt>
      <dd>{t(`covers.${policy.coverage}`)}</dd>
      <dt>{t('policy.number')}</dt>
      <dd>{policy.insurer_policy_number ?? t('policy.noNumberYet')}</dd>
      <dt>{t('policy.bikes')}</dt>
      <dd>{t('policy.bikesCount', { count: policy.number_of_bikes, named: policy.insured_items.length })}</dd>
      <dt>{t('policy.premium')}</dt>
      <dd>
        {t('policy.perYear', {
          amount: formatMoney(
            policy.annual_premium.amount_minor,
            policy.annual_premium.currency,
            i18n.language,
          ),
        })}
      </dd>
    </dl>
  );
}
