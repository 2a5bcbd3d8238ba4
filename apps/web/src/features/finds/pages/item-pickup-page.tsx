import {
  BIKE_CATEGORIES,
  BIKE_COLORS,
  type BikeCategory,
  type BikeColor,
  todayInRegisterZone,
} from '@nbr/domain/bikes';
import {
  canHoldBikesForOwners,
  canRegisterPickup,
  HeldBikeCreateSchema,
  PICKUP_MAX_DAYS,
  type Pickup,
  PickupCreateSchema,
  pickupUrgency,
  UnregisteredBikeSchema,
} from '@nbr/domain/finds';
import { LatitudeSchema, LongitudeSchema } from '@nbr/domain/theft';
import { type ReactNode, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { BikePicture, useBikeTitle } from '../../../components/bike/public-bike-facts.tsx';
import { PublicBikeView } from '../../../components/bike/public-bike-view.tsx';
import { BIKE_PARAM } from '../../../components/bike/stolen-bike-actions.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { usePublicBike } from '../../../lib/api/bikes/get-public-bike.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import {
  applyApiError,
  ErrorSummary,
  Form,
  FormActions,
  FormCheckbox,
  FormTextField,
  useInvalidFormMessage,
  useZodForm,
} from '../../../ui/form.tsx';
import { FormSelect } from '../../../ui/form-select.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import {
  type PickupAction,
  useClosePickup,
  useCreateHeldBike,
  useCreatePickup,
  usePickups,
  useSetPickupPhoto,
} from '../api/pickups.ts';
import { CountedMessageField } from '../components/counted-message-field.tsx';
import styles from '../finds.module.css';

const NOTE_MAX_LENGTH = 1000;
/** ?identifier= — the frame number or plate to take in (from the organisation search's bike page). */
const IDENTIFIER_PARAM = 'identifier';

/** The form's shape: dates as typed (an empty "found on" means not given). */
const PickupFormSchema = PickupCreateSchema.extend({
  found_on: z.union([z.literal(''), PickupCreateSchema.shape.found_on.unwrap()]).optional(),
  note: z.string().trim().max(NOTE_MAX_LENGTH, { error: 'too_long' }).optional(),
});

/**
 * Taking in a bike by what is on it (the police, a municipality): the same form with its identifier,
 * required then (and absent when the bike was chosen already).
 */
const FormSchema = PickupFormSchema.extend({
  // Empty when the bike was chosen already: the form starts with '' and only taking in asks for it.
  identifier: z.union([z.literal(''), HeldBikeCreateSchema.shape.identifier.unwrap().min(1)]).optional(),
  /** Taking in a bike the register does not know (issue 32 §2): described instead. */
  not_registered: z.boolean().optional(),
  unregistered: z
    .object({
      brand: z.string().trim().max(60, { error: 'too_long' }),
      model: z.string().trim().max(80, { error: 'too_long' }),
      color: z.string(),
      category: z.string(),
      is_electric: z.boolean(),
    })
    .optional(),
  /** Where it was found, typed (both or neither). */
  location: z.object({ latitude: z.string().trim(), longitude: z.string().trim() }).optional(),
});

/** A typed coordinate: '' when not given, else a number in range (checked again by the API). */
function coordinateProblem(typed: string, schema: typeof LatitudeSchema): string | null {
  if (typed === '') return null;
  const value = Number(typed.replace(',', '.'));
  return Number.isFinite(value) && schema.safeParse(value).success ? null : 'invalid_value';
}

const HeldBikeFormSchema = FormSchema.superRefine((values, context) => {
  if (!values.not_registered) {
    if (!values.identifier) context.addIssue({ code: 'custom', message: 'required', path: ['identifier'] });
    return;
  }
  const described = values.unregistered;
  if (!described?.brand)
    context.addIssue({ code: 'custom', message: 'required', path: ['unregistered', 'brand'] });
  if (!described?.color)
    context.addIssue({ code: 'custom', message: 'required', path: ['unregistered', 'color'] });
  if (!described?.category) {
    context.addIssue({ code: 'custom', message: 'required', path: ['unregistered', 'category'] });
  }
  const latitude = values.location?.latitude ?? '';
  const longitude = values.location?.longitude ?? '';
  for (const [name, typed, other, schema] of [
    ['latitude', latitude, longitude, LatitudeSchema],
    ['longitude', longitude, latitude, LongitudeSchema],
  ] as const) {
    const problem = coordinateProblem(typed, schema) ?? (typed === '' && other !== '' ? 'required' : null);
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['location', name] });
  }
});

/** The take-in body for a bike the register does not know, from the form's checked values. */
function describedBike(values: z.output<typeof FormSchema>) {
  const described = values.unregistered;
  if (!values.not_registered || !described) return {};
  const parsed = UnregisteredBikeSchema.safeParse({
    brand: described.brand,
    ...(described.model ? { model: described.model } : {}),
    color: described.color as BikeColor,
    category: described.category as BikeCategory,
    is_electric: described.is_electric,
  });
  const latitude = values.location?.latitude ?? '';
  const longitude = values.location?.longitude ?? '';
  return {
    ...(parsed.success ? { unregistered: parsed.data } : {}),
    ...(latitude && longitude
      ? {
          location: {
            latitude: Number(latitude.replace(',', '.')),
            longitude: Number(longitude.replace(',', '.')),
          },
        }
      : {}),
  };
}

function inDays(days: number): string {
  const day = new Date(`${todayInRegisterZone()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** Calendar days (YYYY-MM-DD) shown in the reader's language without a time-zone shift. */
function useDay(): (day: string) => string {
  const { i18n } = useTranslation();
  return (day) => formatDate(new Date(`${day}T12:00:00Z`), i18n.language);
}

function PickupRegistered({ pickup, onDone }: { pickup: Pickup; onDone: () => void }) {
  const { t } = useTranslation('finds');
  return (
    <Alert
      tone="success"
      title={pickup.unregistered_bike ? t('takeIn.doneUnregisteredTitle') : t('register.doneTitle')}
    >
      <p>{pickup.unregistered_bike ? t('takeIn.doneUnregisteredText') : t('register.doneText')}</p>
      <div className={styles.actions}>
        {pickup.chat_id ? (
          <LinkButton href={paths.app.chat.getHref({ chatId: pickup.chat_id })} size="small">
            {t('pickups.openChat')}
          </LinkButton>
        ) : null}
        <Button variant="secondary" size="small" onPress={onDone}>
          {t('register.close')}
        </Button>
      </div>
    </Alert>
  );
}

type FormControl = ReturnType<typeof useZodForm<typeof FormSchema>>['control'];

/**
 * A bike the register does not know (issue 32 §2): the town or the police describe it, and it is
 * held without an owner and matched against stolen bikes by what it looks like, where and when.
 */
function UnregisteredFields({ control, expanded }: { control: FormControl; expanded: boolean }) {
  const { t } = useTranslation(['finds', 'common']);
  return (
    <>
      <FormCheckbox control={control} name="not_registered">
        {t('takeIn.notRegistered')}
      </FormCheckbox>
      <p className={styles.muted}>{t('takeIn.notRegisteredHint')}</p>
      {expanded ? (
        <fieldset className={styles.described}>
          <legend className={styles.legend}>{t('takeIn.describe')}</legend>
          <div className={styles.dates}>
            <FormTextField control={control} name="unregistered.brand" label={t('takeIn.brand')} isRequired />
            <FormTextField control={control} name="unregistered.model" label={t('takeIn.model')} isOptional />
          </div>
          <div className={styles.dates}>
            <FormSelect
              control={control}
              isRequired
              name="unregistered.color"
              label={t('takeIn.color')}
              values={BIKE_COLORS}
              labelOf={(value) => t(`common:bike.colors.${value}`)}
            />
            <FormSelect
              control={control}
              isRequired
              name="unregistered.category"
              label={t('takeIn.category')}
              values={BIKE_CATEGORIES}
              labelOf={(value) => t(`common:bike.categories.${value}`)}
            />
          </div>
          <FormCheckbox control={control} name="unregistered.is_electric">
            {t('takeIn.electric')}
          </FormCheckbox>
          <p className={styles.muted}>{t('takeIn.locationHint')}</p>
          <div className={styles.dates}>
            <FormTextField
              control={control}
              name="location.latitude"
              label={t('takeIn.latitude')}
              inputMode="decimal"
              isOptional
            />
            <FormTextField
              control={control}
              name="location.longitude"
              label={t('takeIn.longitude')}
              inputMode="decimal"
              isOptional
            />
          </div>
        </fieldset>
      ) : null}
    </>
  );
}

/**
 * The pickup form: for a bike already chosen (`bikeId`), or, without one, for a bike the police or
 * a municipality took in, named by its frame number or plate.
 */
function PickupFormFields({
  bikeId,
  onRegistered,
  labelledBy = 'pickup-form-heading',
  defaultIdentifier = '',
}: {
  bikeId: string | null;
  onRegistered: (pickup: Pickup) => void;
  labelledBy?: string;
  /** The frame number or plate to take in, when the organisation search sent the member here. */
  defaultIdentifier?: string;
}) {
  const { t } = useTranslation(['finds', 'common']);
  const create = useCreatePickup();
  const createHeld = useCreateHeldBike();
  const invalidMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const form = useZodForm(bikeId ? FormSchema : HeldBikeFormSchema, {
    defaultValues: {
      identifier: defaultIdentifier,
      place: '',
      collect_until: inDays(14),
      note: '',
      found_on: '',
      not_registered: false,
      unregistered: { brand: '', model: '', color: '', category: '', is_electric: false },
      location: { latitude: '', longitude: '' },
    } satisfies z.input<typeof FormSchema>,
  });
  const note = useController({ control: form.control, name: 'note' });
  const notRegistered = useWatch({ control: form.control, name: 'not_registered' });

  const onSubmit = form.handleSubmit(
    async (values) => {
      setSummary(null);
      const body = {
        place: values.place,
        collect_until: values.collect_until,
        ...(values.note ? { note: values.note } : {}),
        ...(values.found_on ? { found_on: values.found_on } : {}),
      };
      try {
        const pickup = bikeId
          ? await create.mutateAsync({ bikeId, ...body })
          : await createHeld.mutateAsync({
              ...(values.identifier ? { identifier: values.identifier } : {}),
              ...describedBike(values),
              ...body,
            });
        onRegistered(pickup);
      } catch (error) {
        const code = isApiError(error) ? error.code : null;
        // No registered bike has it: the town may describe the bike and take it in all the same.
        if (code === 'bike_not_registered' && !bikeId) {
          form.setValue('not_registered', true);
          setSummary({ title: t('takeIn.notRegisteredTitle'), message: t('takeIn.notRegisteredText') });
          return;
        }
        setSummary({
          title: t('register.failedTitle'),
          message:
            code === 'conflict'
              ? t('register.alreadyHeld')
              : applyApiError(error, form.setError, t, [
                  'identifier',
                  'place',
                  'collect_until',
                  'note',
                  'found_on',
                  'unregistered.brand',
                  'unregistered.model',
                  'unregistered.color',
                  'unregistered.category',
                  'location.latitude',
                  'location.longitude',
                ]),
        });
      }
    },
    (errors) => setSummary(invalidMessage(errors)),
  );

  return (
    <Form onSubmit={onSubmit} aria-labelledby={labelledBy}>
      <ErrorSummary title={summary?.title} message={summary?.message} />
      {bikeId ? null : (
        <FormTextField
          control={form.control}
          name="identifier"
          label={t('takeIn.identifier')}
          description={t('takeIn.identifierHint')}
          autoComplete="off"
          isRequired={!notRegistered}
          isOptional={Boolean(notRegistered)}
        />
      )}
      {bikeId ? null : <UnregisteredFields control={form.control} expanded={Boolean(notRegistered)} />}
      <FormTextField
        control={form.control}
        name="place"
        label={t('register.place')}
        description={t('register.placeHint')}
        autoComplete="street-address"
        isRequired
      />
      <div className={styles.dates}>
        <FormTextField
          control={form.control}
          name="collect_until"
          type="date"
          label={t('register.collectUntil')}
          description={t('register.collectUntilHint', { days: PICKUP_MAX_DAYS })}
          max={inDays(PICKUP_MAX_DAYS)}
          isRequired
        />
        <FormTextField
          control={form.control}
          name="found_on"
          type="date"
          label={t('register.foundOn')}
          max={todayInRegisterZone()}
          isOptional
        />
      </div>
      <CountedMessageField
        name={note.field.name}
        label={t('register.note')}
        description={t('register.noteHint')}
        value={note.field.value ?? ''}
        onChange={note.field.onChange}
        onBlur={note.field.onBlur}
        inputRef={note.field.ref}
        error={note.fieldState.error?.message}
        maxLength={NOTE_MAX_LENGTH}
        rows={4}
      />
      <FormActions>
        <Button type="submit" isPending={create.isPending || createHeld.isPending}>
          {t('register.submit')}
        </Button>
      </FormActions>
    </Form>
  );
}

/**
 * "I have this bike" (from the stolen banner): the bike, and the form for whoever canRegisterPickup
 * lets (a verified person, or a member of the police or an insurer). Anyone else is told why not and
 * how to get there.
 */
function RegisterPickup({ bikeId, onClose }: { bikeId: string; onClose: () => void }) {
  const { t } = useTranslation(['finds', 'common']);
  const { claims, isVerified, isSwitched } = useSession();
  const bike = usePublicBike(bikeId, claims?.party_id ?? null);
  const [registered, setRegistered] = useState<Pickup | null>(null);
  // The API's rule: verified, or acting for an organisation the registry checked (police, insurer).
  const actsForOrganisation = Boolean(claims && claims.party_id !== claims.identity_party_id);
  const mayRegister = canRegisterPickup({
    isVerified,
    organisationType: actsForOrganisation ? (claims?.organisation_type ?? null) : null,
  });

  let body: ReactNode;
  if (registered) {
    body = <PickupRegistered pickup={registered} onDone={onClose} />;
  } else if (bike.isPending) {
    body = <LoadingState />;
  } else if (bike.isError) {
    const notFound = isApiError(bike.error) && (bike.error.status === 404 || bike.error.status === 422);
    body = (
      <Alert tone="warning" announce="none">
        <p>{notFound ? t('common:messages.bikeNotFound') : errorMessage(bike.error, t)}</p>
      </Alert>
    );
  } else if (bike.data.is_owner) {
    body = (
      <Alert tone="info" announce="none">
        <p>{t('common:errors.own_bike')}</p>
      </Alert>
    );
  } else {
    let form: ReactNode;
    if (isSwitched) {
      form = (
        <Alert tone="info" announce="none">
          <p>{t('common:errors.not_allowed_while_switched')}</p>
        </Alert>
      );
    } else if (!mayRegister) {
      form = (
        <Alert tone="info" title={t('register.notAllowedTitle')} announce="none">
          <p>{t('register.notAllowedText')}</p>
          <div className={styles.actions}>
            <LinkButton href={paths.app.settings.getHref()} size="small">
              {t('register.verify')}
            </LinkButton>
            <LinkButton
              href={paths.app.contactBikeOwner.getHref({ bikeId })}
              variant="secondary"
              size="small"
            >
              {t('register.contactInstead')}
            </LinkButton>
          </div>
        </Alert>
      );
    } else {
      form = <PickupFormFields bikeId={bikeId} onRegistered={setRegistered} />;
    }
    body = (
      <>
        <PublicBikeView bike={bike.data} />
        <div className={styles.section}>{form}</div>
      </>
    );
  }

  return (
    <section aria-labelledby="pickup-form-heading" className={styles.formCard}>
      <h2 id="pickup-form-heading" className={styles.sectionTitle}>
        {t('register.title')}
      </h2>
      <p className={styles.muted}>{t('register.lead')}</p>
      <div className={styles.section}>{body}</div>
    </section>
  );
}

function StatusBadges({ pickup }: { pickup: Pickup }) {
  const { t } = useTranslation('finds');
  if (pickup.status === 'collected')
    return <span className={`${styles.badge} ${styles.badgeSuccess}`}>{t('pickups.status.collected')}</span>;
  if (pickup.status === 'cancelled')
    return <span className={`${styles.badge} ${styles.badgeMuted}`}>{t('pickups.status.cancelled')}</span>;
  if (pickup.status === 'released')
    return <span className={`${styles.badge} ${styles.badgeMuted}`}>{t('pickups.status.released')}</span>;
  const urgency = pickupUrgency(pickup.collect_until);
  const className =
    urgency === 'past' ? styles.badgeDanger : urgency === 'soon' ? styles.badgeWarning : undefined;
  return (
    <span className={[styles.badge, className].filter(Boolean).join(' ')}>
      {t(`pickups.urgency.${urgency}`)}
    </span>
  );
}

/** The holder's photo of the bike while it waits: add or replace it (issue 17 §3). */
function PhotoButton({ pickup }: { pickup: Pickup }) {
  const { t } = useTranslation(['finds', 'common']);
  const setPhoto = useSetPickupPhoto();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <FileTrigger
        acceptedFileTypes={['image/jpeg', 'image/png', 'image/webp']}
        onSelect={(files) => {
          const file = files?.[0];
          if (!file) return;
          setError(null);
          setPhoto.mutate(
            { pickupId: pickup.pickup_id, file },
            { onError: (failure) => setError(errorMessage(failure, t)) },
          );
        }}
      >
        <Button size="small" variant="secondary" isPending={setPhoto.isPending}>
          {pickup.photo_url ? t('pickups.replacePhoto') : t('pickups.addPhoto')}
        </Button>
      </FileTrigger>
      {error ? (
        <Alert tone="error" announce="auto">
          <p>{error}</p>
        </Alert>
      ) : null}
    </>
  );
}

function PickupCard({
  pickup,
  onAction,
  pendingAction,
}: {
  pickup: Pickup;
  onAction: (pickup: Pickup, action: PickupAction) => void;
  pendingAction: PickupAction | null;
}) {
  const { t } = useTranslation(['finds', 'common']);
  const day = useDay();
  const bikeTitle = useBikeTitle();
  const isWaiting = pickup.status === 'waiting';
  const urgent = isWaiting && pickupUrgency(pickup.collect_until) !== 'later';
  // A bike the register does not know (issue 32 §2): named by what its holder recorded.
  const unregistered = pickup.unregistered_bike;
  const title = unregistered
    ? [unregistered.brand, unregistered.model].filter(Boolean).join(' ')
    : pickup.bike
      ? pickup.bike.nickname?.trim() || bikeTitle(pickup.bike)
      : t('pickups.deletedBike');
  const make = unregistered
    ? [
        unregistered.color ? t(`common:bike.colors.${unregistered.color}`) : null,
        unregistered.category ? t(`common:bike.categories.${unregistered.category}`) : null,
        unregistered.is_electric ? t('pickups.electric') : null,
      ]
        .filter(Boolean)
        .join(', ')
    : pickup.bike?.nickname
      ? [pickup.bike.brand, pickup.bike.model].filter(Boolean).join(' ')
      : '';
  const headingId = `pickup-${pickup.pickup_id}`;
  // Acting for an organisation, the holder is the organisation (its name), not "you".
  const holder =
    pickup.is_holder && pickup.holder_kind !== 'organisation'
      ? t('pickups.you')
      : (pickup.holder_name ??
        t(pickup.holder_kind === 'organisation' ? 'pickups.anOrganisation' : 'pickups.aFinder'));
  const className = [styles.item, urgent && styles.itemUrgent, !isWaiting && styles.itemClosed]
    .filter(Boolean)
    .join(' ');
  return (
    <li className={className} aria-labelledby={headingId}>
      <div className={styles.bike}>
        <BikePicture url={pickup.bike?.thumbnail_url ?? null} alt="" />
        <div>
          <h3 id={headingId} className={styles.bikeTitle}>
            {title}
          </h3>
          {make ? <p className={styles.bikeMeta}>{make}</p> : null}
          <div className={styles.badges}>
            <StatusBadges pickup={pickup} />
            {unregistered ? (
              <span className={`${styles.badge} ${styles.badgeMuted}`}>{t('pickups.notInRegister')}</span>
            ) : null}
          </div>
        </div>
      </div>
      <dl className={styles.facts}>
        {unregistered ? (
          <>
            <dt>{t('pickups.identifier')}</dt>
            <dd>{unregistered.identifier ?? t('pickups.noIdentifier')}</dd>
          </>
        ) : null}
        <dt>{t('pickups.place')}</dt>
        <dd>{pickup.place}</dd>
        <dt>{t('pickups.collectUntil')}</dt>
        <dd>{day(pickup.collect_until)}</dd>
        <dt>{t('pickups.holder')}</dt>
        <dd>{holder}</dd>
        {pickup.found_on ? (
          <>
            <dt>{t('pickups.foundOn')}</dt>
            <dd>{day(pickup.found_on)}</dd>
          </>
        ) : null}
        {pickup.note ? (
          <>
            <dt>{t('pickups.note')}</dt>
            <dd className={styles.note}>{pickup.note}</dd>
          </>
        ) : null}
      </dl>
      {pickup.photo_url ? (
        <img src={pickup.photo_url} alt={t('pickups.photoAlt')} className={styles.photo} loading="lazy" />
      ) : null}
      {pickup.stolen_report_linked ? (
        <p className={styles.muted}>
          {pickup.is_holder ? t('pickups.stolenLinkedHolder') : t('pickups.stolenLinkedOwner')}
        </p>
      ) : null}
      {pickup.status === 'released' && !pickup.is_holder ? (
        <p className={styles.muted}>{t('pickups.releasedOwner')}</p>
      ) : null}
      <div className={styles.itemActions}>
        {pickup.actions.includes('collected') ? (
          <Button
            size="small"
            isPending={pendingAction === 'collected'}
            isDisabled={pendingAction !== null}
            onPress={() => onAction(pickup, 'collected')}
          >
            {pickup.is_holder ? t('pickups.markCollected') : t('pickups.iCollected')}
          </Button>
        ) : null}
        {pickup.actions.includes('cancel') ? (
          <Button
            size="small"
            variant="secondary"
            isPending={pendingAction === 'cancel'}
            isDisabled={pendingAction !== null}
            onPress={() => onAction(pickup, 'cancel')}
          >
            {t('pickups.cancel')}
          </Button>
        ) : null}
        {pickup.is_holder && isWaiting ? <PhotoButton pickup={pickup} /> : null}
        {pickup.actions.includes('released') ? (
          <Button
            size="small"
            variant="secondary"
            isPending={pendingAction === 'released'}
            isDisabled={pendingAction !== null}
            onPress={() => onAction(pickup, 'released')}
          >
            {t('pickups.release')}
          </Button>
        ) : null}
        {pickup.chat_id ? (
          <LinkButton
            href={paths.app.chat.getHref({ chatId: pickup.chat_id })}
            size="small"
            variant="secondary"
          >
            {pickup.is_holder ? t('pickups.writeOwner') : t('pickups.writeHolder')}
          </LinkButton>
        ) : null}
      </div>
    </li>
  );
}

function PickupSection({
  id,
  title,
  empty,
  pickups,
}: {
  id: string;
  title: string;
  empty: string;
  pickups: Pickup[];
}) {
  const { t } = useTranslation(['finds', 'common']);
  const close = useClosePickup();
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const pending = close.isPending ? close.variables : null;

  const onAction = (pickup: Pickup, action: PickupAction) => {
    setStatus(null);
    close.mutate(
      { pickupId: pickup.pickup_id, action },
      {
        onSuccess: () =>
          setStatus({
            tone: 'success',
            text:
              action === 'cancel'
                ? t('pickups.cancelledDone')
                : action === 'released'
                  ? t('pickups.releasedDone')
                  : t('pickups.collectedDone'),
          }),
        onError: (error) => setStatus({ tone: 'error', text: errorMessage(error, t) }),
      },
    );
  };

  return (
    <section aria-labelledby={id} className={styles.section}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      <div aria-live="polite">
        {status ? (
          <Alert tone={status.tone} announce="none">
            <p>{status.text}</p>
          </Alert>
        ) : null}
      </div>
      {pickups.length === 0 ? (
        <div className={styles.empty}>
          <p>{empty}</p>
        </div>
      ) : (
        <ul className={styles.list}>
          {pickups.map((pickup) => (
            <PickupCard
              key={pickup.pickup_id}
              pickup={pickup}
              onAction={onAction}
              pendingAction={pending?.pickupId === pickup.pickup_id ? pending.action : null}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The police or a municipality took in a found or abandoned bike (issue 17 §3): named by its frame
 * number or plate, its registered owner is told where and until when to collect it.
 */
function TakeInBike({ identifier }: { identifier: string }) {
  const { t } = useTranslation(['finds', 'common']);
  const [registered, setRegistered] = useState<Pickup | null>(null);
  const [formKey, setFormKey] = useState(0);
  return (
    <section aria-labelledby="take-in-heading" className={styles.formCard}>
      <h2 id="take-in-heading" className={styles.sectionTitle}>
        {t('takeIn.title')}
      </h2>
      <p className={styles.muted}>{t('takeIn.lead')}</p>
      <div className={styles.section}>
        {registered ? (
          <PickupRegistered
            pickup={registered}
            onDone={() => {
              setRegistered(null);
              setFormKey((key) => key + 1);
            }}
          />
        ) : (
          <PickupFormFields
            key={formKey}
            bikeId={null}
            onRegistered={setRegistered}
            labelledBy="take-in-heading"
            defaultIdentifier={identifier}
          />
        )}
      </div>
    </section>
  );
}

/**
 * /app/item-pickup — bikes a finder or an organisation holds for their owner: "Bikes waiting for you"
 * (where, until when — highlighted when the day is near or past —, who holds it) and "Bikes you hold".
 * With ?bike={id} (the stolen banner's "I have this bike") the form to register a pickup comes first.
 */
export function Component() {
  const { t } = useTranslation(['finds', 'common']);
  const [search, setSearch] = useSearchParams();
  const bikeId = search.get(BIKE_PARAM);
  const pickups = usePickups();
  const { claims, isSwitched } = useSession();
  // The police and municipalities take in found and abandoned bikes (issue 17 §3).
  const takesInBikes =
    !isSwitched &&
    Boolean(claims && claims.party_id !== claims.identity_party_id) &&
    canHoldBikesForOwners(claims?.organisation_type ?? null);

  return (
    <PageLayout title={t('pickups.title')} lead={t('pickups.lead')}>
      {bikeId ? (
        <RegisterPickup
          key={bikeId}
          bikeId={bikeId}
          onClose={() => {
            const next = new URLSearchParams(search);
            next.delete(BIKE_PARAM);
            setSearch(next, { replace: true });
          }}
        />
      ) : null}
      {takesInBikes && !bikeId ? <TakeInBike identifier={search.get(IDENTIFIER_PARAM) ?? ''} /> : null}
      {pickups.isPending ? <LoadingState /> : null}
      {pickups.isError ? (
        <LoadError
          title={t('pickups.loadFailed')}
          announce="none"
          error={pickups.error}
          retry={() => void pickups.refetch()}
        />
      ) : null}
      {pickups.data ? (
        <>
          <PickupSection
            id="pickups-for-me"
            title={t('pickups.forMe')}
            empty={t('pickups.forMeEmpty')}
            pickups={pickups.data.for_me}
          />
          {pickups.data.held_by_me.length > 0 || bikeId || takesInBikes ? (
            <PickupSection
              id="pickups-held"
              title={t('pickups.heldByMe')}
              empty={t('pickups.heldByMeEmpty')}
              pickups={pickups.data.held_by_me}
            />
          ) : (
            <section aria-labelledby="pickups-held" className={styles.section}>
              <h2 id="pickups-held" className={styles.sectionTitle}>
                {t('pickups.heldByMe')}
              </h2>
              <div className={styles.empty}>
                <p>{t('pickups.howToHold')}</p>
              </div>
            </section>
          )}
        </>
      ) : null}
    </PageLayout>
  );
}
