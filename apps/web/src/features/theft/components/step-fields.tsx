import { BIKE_CATEGORIES, BIKE_COLORS, todayInRegisterZone } from '@nbr/domain/bikes';
import type { Currency } from '@nbr/domain/locale';
import {
  BATTERY_LOCATIONS,
  LOCK_STATUSES,
  THEFT_TEXT_MAX_LENGTH,
  type TheftReportDraft,
} from '@nbr/domain/theft';
import { useState } from 'react';
import { type Control, useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { usePlaceTheftAddress } from '../../../lib/api/theft/get-theft-place.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useRegion } from '../../../lib/region.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { FormCheckbox, FormTextField } from '../../../ui/form.tsx';
import type { TheftFormValues } from '../lib/theft-form.ts';
import styles from '../theft.module.css';
import { RadioChoiceField, SelectField, TextAreaField, YesNoField } from './fields.tsx';
import { type MapFocus, PlacePicker } from './place-picker.tsx';

export interface StepFieldsProps {
  control: Control<TheftFormValues>;
  values: TheftFormValues;
  draft: TheftReportDraft;
  currency: Currency;
}

/**
 * personal-info: who reports, where they live, and whether they will report the theft to the police
 * themselves (the register sends nothing there, so it asks for no national id number).
 */
export function PersonalInfoFields({ control }: StepFieldsProps) {
  const { t } = useTranslation('theft');
  // A Norwegian address names the flat by its bolignummer (H0101), not by floor and side.
  const { region } = useRegion();
  return (
    <>
      <div className={styles.pair}>
        <FormTextField
          control={control}
          name="first_name"
          label={t('fields.first_name')}
          autoComplete="given-name"
          isRequired
        />
        <FormTextField
          control={control}
          name="last_name"
          label={t('fields.last_name')}
          autoComplete="family-name"
          isRequired
        />
      </div>
      <FormTextField
        control={control}
        name="email"
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        isRequired
      />
      <FormTextField
        control={control}
        name="street_address"
        label={t('fields.street_address')}
        autoComplete="address-line1"
        isRequired
      />
      {region === 'no' ? (
        <FormTextField
          control={control}
          name="door"
          label={t('fields.unitNumber')}
          description={t('fields.unitNumberHint')}
          autoComplete="address-line2"
          isOptional
        />
      ) : (
        <div className={styles.triple}>
          <FormTextField control={control} name="floor" label={t('fields.floor')} isOptional />
          <FormTextField control={control} name="side" label={t('fields.side')} isOptional />
          <FormTextField control={control} name="door" label={t('fields.door')} isOptional />
        </div>
      )}
      <div className={styles.pair}>
        <FormTextField
          control={control}
          name="zip_code"
          label={t('fields.zip_code')}
          inputMode="numeric"
          autoComplete="postal-code"
          isRequired
        />
        <FormTextField
          control={control}
          name="city"
          label={t('fields.city')}
          autoComplete="address-level2"
          isRequired
        />
      </div>
      <div className={styles.pair}>
        <FormTextField
          control={control}
          name="mobile"
          label={t('fields.mobile')}
          type="tel"
          autoComplete="tel"
          isRequired
        />
        <FormTextField
          control={control}
          name="telephone"
          label={t('fields.telephone')}
          type="tel"
          isOptional
        />
      </div>
      <YesNoField
        control={control}
        name="police_report_requested"
        label={t('fields.police_report_requested')}
        description={t('hints.police_report_requested')}
      />
    </>
  );
}

/** insurance: whether the bike is insured, with whom, and what it is worth. */
export function InsuranceFields({ control, values, currency }: StepFieldsProps) {
  const { t } = useTranslation('theft');
  return (
    <>
      <YesNoField control={control} name="is_insured" label={t('fields.is_insured')} />
      {values.is_insured === 'yes' ? (
        <div className={styles.conditional}>
          <FormTextField
            control={control}
            name="insurance_company"
            label={t('fields.insurance_company')}
            description={t('hints.insurance_company')}
            autoComplete="organization"
            isRequired
          />
        </div>
      ) : null}
      <FormTextField
        control={control}
        name="bike_price"
        label={t('fields.bike_price_with_currency', { currency })}
        description={t('hints.bike_price')}
        inputMode="numeric"
        isRequired
      />
    </>
  );
}

/** bike-info: what the bike looks like and how it was locked. */
export function BikeInfoFields({ control, values }: StepFieldsProps) {
  const { t } = useTranslation('theft');
  return (
    <>
      <FormTextField
        control={control}
        name="frame_number"
        label={t('fields.frame_number')}
        description={t('hints.frame_number')}
        spellCheck="false"
        isOptional
      />
      <div className={styles.pair}>
        <SelectField
          control={control}
          name="bike_category"
          label={t('fields.bike_category')}
          values={BIKE_CATEGORIES}
          labelOf={(value) => t(`common:bike.categories.${value}`)}
        />
        <SelectField
          control={control}
          name="bike_color"
          label={t('fields.bike_color')}
          values={BIKE_COLORS}
          labelOf={(value) => t(`common:bike.colors.${value}`)}
        />
      </div>
      <YesNoField control={control} name="is_electric" label={t('fields.is_electric')} />
      {values.is_electric === 'yes' ? (
        <div className={styles.conditional}>
          <RadioChoiceField
            control={control}
            name="battery_location"
            label={t('fields.battery_location')}
            values={BATTERY_LOCATIONS}
            labelOf={(value) => t(`batteryLocations.${value}`)}
          />
        </div>
      ) : null}
      <RadioChoiceField
        control={control}
        name="lock_status"
        label={t('fields.lock_status')}
        values={LOCK_STATUSES}
        labelOf={(value) => t(`lockStatuses.${value}`)}
      />
    </>
  );
}

/** culprit-info: what is known of the thief and of witnesses. */
export function CulpritInfoFields({ control, values }: StepFieldsProps) {
  const { t } = useTranslation('theft');
  return (
    <>
      <YesNoField
        control={control}
        name="is_culprit_known"
        label={t('fields.is_culprit_known')}
        description={t('hints.is_culprit_known')}
      />
      {values.is_culprit_known === 'yes' ? (
        <div className={styles.conditional}>
          <TextAreaField
            control={control}
            name="culprit_info"
            label={t('fields.culprit_info')}
            description={t('hints.culprit_info')}
            maxLength={THEFT_TEXT_MAX_LENGTH}
          />
          <YesNoField
            control={control}
            name="is_culprit_recognizable"
            label={t('fields.is_culprit_recognizable')}
          />
        </div>
      ) : null}
      <YesNoField control={control} name="has_witness" label={t('fields.has_witness')} />
      {values.has_witness === 'yes' ? (
        <div className={styles.conditional}>
          <TextAreaField
            control={control}
            name="witnesses"
            label={t('fields.witnesses')}
            description={t('hints.witnesses')}
            maxLength={THEFT_TEXT_MAX_LENGTH}
          />
        </div>
      ) : null}
    </>
  );
}

/**
 * The map pick, and the typed address put on it (issue 27 walk 8): "Put the address on the map" asks
 * the national address register through the API; the pin goes to the address, or to the postcode's
 * centre when only that is known, and the map looks there. The person can still move it.
 */
function MapPickField({ control }: { control: Control<TheftFormValues> }) {
  const { t } = useTranslation(['theft', 'common']);
  const { region } = useRegion();
  const { field, fieldState } = useController({ control, name: 'location' });
  const typed = useWatch({ control, name: 'place' });
  const placeAddress = usePlaceTheftAddress();
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'warning' | 'error'; text: string } | null>(
    null,
  );
  const code = fieldState.error?.message;

  const putAddressOnMap = async () => {
    const text = (typed ?? '').trim();
    if (!text) {
      setOutcome({ tone: 'warning', text: t('place.typeFirst') });
      return;
    }
    setOutcome(null);
    try {
      const { place } = await placeAddress.mutateAsync({ q: text, region });
      if (!place) {
        setOutcome({ tone: 'warning', text: t('place.notFound') });
        return;
      }
      field.onChange(place.location);
      const isAddress = place.precision === 'address';
      setFocus({ point: place.location, zoom: isAddress ? 15 : 12 });
      setOutcome(
        isAddress
          ? { tone: 'success', text: t('place.foundAddress', { label: place.label }) }
          : { tone: 'warning', text: t('place.foundPostcode', { postcode: place.label }) },
      );
    } catch (error) {
      setOutcome({ tone: 'error', text: errorMessage(error, t) });
    }
  };

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('place.mapTitle')}</legend>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          size="small"
          isPending={placeAddress.isPending}
          onPress={() => void putAddressOnMap()}
        >
          {t('place.findOnMap')}
        </Button>
      </div>
      {outcome ? (
        <Alert tone={outcome.tone}>
          <p>{outcome.text}</p>
        </Alert>
      ) : null}
      <PlacePicker
        value={(field.value as TheftFormValues['location']) ?? null}
        onChange={(point) => field.onChange(point)}
        focus={focus}
        error={
          code
            ? t(`common:validation.${code}`, { defaultValue: t('common:errors.validation_failed') })
            : undefined
        }
      />
    </fieldset>
  );
}

/** A date (not after today) and a time of day, under one legend. */
function MomentFields({
  control,
  legend,
  dateName,
  timeName,
}: Pick<StepFieldsProps, 'control'> & {
  legend: string;
  dateName: 'last_seen_date' | 'noted_date';
  timeName: 'last_seen_time' | 'noted_clock';
}) {
  const { t } = useTranslation('theft');
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.pair}>
        <FormTextField
          control={control}
          name={dateName}
          label={t('fields.date')}
          type="date"
          max={todayInRegisterZone()}
          isRequired
        />
        <FormTextField control={control} name={timeName} label={t('fields.time')} type="time" isRequired />
      </div>
    </fieldset>
  );
}

/** time-location: when the bike was last seen and the theft noticed, and where. */
export function TimeLocationFields({ control }: StepFieldsProps) {
  const { t } = useTranslation('theft');
  return (
    <>
      <MomentFields
        control={control}
        legend={t('fields.time_last_seen')}
        dateName="last_seen_date"
        timeName="last_seen_time"
      />
      <MomentFields
        control={control}
        legend={t('fields.noted_time')}
        dateName="noted_date"
        timeName="noted_clock"
      />
      <h3 className={styles.legend}>{t('place.title')}</h3>
      <p className={styles.hint}>{t('place.lead')}</p>
      <FormTextField
        control={control}
        name="place"
        label={t('fields.place')}
        description={t('hints.place')}
        autoComplete="off"
      />
      <MapPickField control={control} />
      <Alert tone="info" announce="none">
        <p>{t('place.privacy')}</p>
      </Alert>
    </>
  );
}

/** send-report: the three acknowledgements of SPEC §5. */
export function AcknowledgementFields({ control }: StepFieldsProps) {
  const { t } = useTranslation('theft');
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('send.acknowledgementsTitle')}</legend>
      <FormCheckbox control={control} name="acknowledgement_payout" id="acknowledgement_payout">
        {t('fields.acknowledgement_payout')}
      </FormCheckbox>
      <FormCheckbox control={control} name="acknowledgement_data_share" id="acknowledgement_data_share">
        {t('fields.acknowledgement_data_share')}
      </FormCheckbox>
      <FormCheckbox
        control={control}
        name="acknowledgement_ownership_transfer"
        id="acknowledgement_ownership_transfer"
      >
        {t('fields.acknowledgement_ownership_transfer')}
      </FormCheckbox>
    </fieldset>
  );
}
