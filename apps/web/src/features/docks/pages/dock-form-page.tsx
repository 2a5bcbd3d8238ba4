import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { MarkersMap } from '../../../components/map/markers-map.tsx';
import { paths } from '../../../config/paths.ts';
import { usePlaceTheftAddress } from '../../../lib/api/theft/get-theft-place.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage, issueField } from '../../../lib/api-errors.ts';
import { useRegion } from '../../../lib/region.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { ErrorSummary } from '../../../ui/form.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { Select } from '../../../ui/select.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { TextAreaField } from '../../../ui/text-area-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useDockOperation } from '../api/get-dock-operation.ts';
import { useSaveDock } from '../api/save-dock.ts';
import { OperatorOnly } from '../components/operator-only.tsx';
import { OrganisationPicker } from '../components/organisation-picker.tsx';
import styles from '../docks.module.css';
import {
  checkDockForm,
  type DockFormErrors,
  type DockFormValues,
  dockFormFrom,
  emptyDockForm,
} from '../lib/dock-form.ts';
import { WEEKDAYS } from '../lib/lock-texts.ts';

/** /app/docks/operate/new and /app/docks/{dockId}/operate/edit: a dock's place, hours and who may use it. */
export function Component() {
  const { t } = useTranslation('docks');
  const { dockId } = useParams();
  const title = dockId ? t('form.editTitle') : t('form.newTitle');
  return (
    <OperatorOnly title={title}>
      {(operator) =>
        dockId ? (
          <EditDock dockId={dockId} operatorId={operator.party_id} />
        ) : (
          <NewDock operatorId={operator.party_id} />
        )
      }
    </OperatorOnly>
  );
}

function NewDock({ operatorId }: { operatorId: string }) {
  const { region } = useRegion();
  return (
    <DockForm dockId={null} initial={emptyDockForm(region)} extraOrganisations={[]} operatorId={operatorId} />
  );
}

function EditDock({ dockId, operatorId }: { dockId: string; operatorId: string }) {
  const { t } = useTranslation('docks');
  const operation = useDockOperation(dockId);
  if (operation.isPending) return <LoadingState />;
  if (operation.isError) {
    return (
      <LoadErrorPage
        title={t('form.editTitle')}
        alertTitle={t('operate.loadFailed')}
        error={operation.error}
        retry={() => void operation.refetch()}
      />
    );
  }
  return (
    <DockForm
      dockId={dockId}
      initial={dockFormFrom(operation.data.dock, operatorId)}
      extraOrganisations={operation.data.dock.organisations}
      operatorId={operatorId}
    />
  );
}

function DockForm({
  dockId,
  initial,
  extraOrganisations,
  operatorId,
}: {
  dockId: string | null;
  initial: DockFormValues;
  extraOrganisations: readonly { id: string; name: string }[];
  /** The organisation the session acts for: the dock is (or becomes) its. */
  operatorId: string;
}) {
  const { t } = useTranslation(['docks', 'common']);
  const navigate = useNavigate();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<DockFormErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveDock();
  const set = <K extends keyof DockFormValues>(key: K, value: DockFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const checked = checkDockForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setProblem(t('form.fixFields'));
      return;
    }
    setErrors({});
    try {
      const operation = await save.mutateAsync({ dockId, dock: checked.dock });
      navigate(paths.app.dockOperate.getHref({ dockId: operation.dock.id }));
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        const fieldErrors: DockFormErrors = {};
        for (const issue of error.issues) {
          const field = issueField(issue.loc);
          if (field && !(field in fieldErrors)) fieldErrors[field] = issue.type;
        }
        setErrors(fieldErrors);
      }
      setProblem(errorMessage(error, t));
    }
  };

  const title = dockId ? t('form.editTitle') : t('form.newTitle');
  return (
    <PageLayout title={title} width="form">
      <p>
        <Link href={dockId ? paths.app.dockOperate.getHref({ dockId }) : paths.app.docksOperate.getHref()}>
          {t('form.back')}
        </Link>
      </p>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <ErrorSummary message={problem} />
        <TextField
          label={t('form.name')}
          value={values.name}
          onChange={(value) => set('name', value)}
          error={errors.name}
          isRequired
        />
        <PlaceFields values={values} errors={errors} set={set} />
        <HoursFields values={values} errors={errors} setValues={setValues} />
        <AccessFields
          values={values}
          errors={errors}
          set={set}
          extraOrganisations={extraOrganisations}
          operatorId={operatorId}
        />
        <TextField
          label={t('form.maxParkingHours')}
          description={t('form.maxParkingHoursHelp')}
          inputMode="numeric"
          value={values.max_parking_hours}
          onChange={(value) => set('max_parking_hours', value)}
          error={errors.max_parking_hours}
        />
        <Button type="submit" isPending={save.isPending}>
          {dockId ? t('form.save') : t('form.create')}
        </Button>
      </form>
    </PageLayout>
  );
}

type Setter = <K extends keyof DockFormValues>(key: K, value: DockFormValues[K]) => void;

/** The address, and the position: put on the map from the address (the national address register), or typed. */
function PlaceFields({
  values,
  errors,
  set,
}: {
  values: DockFormValues;
  errors: DockFormErrors;
  set: Setter;
}) {
  const { t } = useTranslation(['docks', 'common']);
  const placeAddress = usePlaceTheftAddress();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'warning' | 'error'; text: string } | null>(
    null,
  );
  const latitude = Number(values.latitude.replace(',', '.'));
  const longitude = Number(values.longitude.replace(',', '.'));
  const hasPoint = values.latitude.trim() !== '' && Number.isFinite(latitude) && Number.isFinite(longitude);
  const points = useMemo(
    () => (hasPoint ? [{ id: 'dock', latitude, longitude, label: values.name || t('form.position') }] : []),
    [hasPoint, latitude, longitude, values.name, t],
  );

  const findOnMap = async () => {
    const text = [values.street_address, `${values.postcode} ${values.town}`.trim()]
      .filter(Boolean)
      .join(', ');
    if (!values.street_address.trim()) {
      setOutcome({ tone: 'warning', text: t('form.typeAddressFirst') });
      return;
    }
    setOutcome(null);
    try {
      const { place } = await placeAddress.mutateAsync({ q: text, region: values.region });
      if (!place) {
        setOutcome({ tone: 'warning', text: t('form.addressNotFound') });
        return;
      }
      set('latitude', String(place.location.latitude));
      set('longitude', String(place.location.longitude));
      setOutcome(
        place.precision === 'address'
          ? { tone: 'success', text: t('form.addressFound', { label: place.label }) }
          : { tone: 'warning', text: t('form.postcodeFound', { postcode: place.label }) },
      );
    } catch (error) {
      setOutcome({ tone: 'error', text: errorMessage(error, t) });
    }
  };

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('form.place')}</legend>
      <Select
        label={t('form.country')}
        value={values.region}
        onChange={(value) => set('region', value === 'no' ? 'no' : 'dk')}
        options={[
          { value: 'dk', label: t('common:regions.dk') },
          { value: 'no', label: t('common:regions.no') },
        ]}
      />
      <TextField
        label={t('form.streetAddress')}
        autoComplete="address-line1"
        value={values.street_address}
        onChange={(value) => set('street_address', value)}
        error={errors.street_address}
      />
      <div className={styles.row}>
        <TextField
          label={t('form.postcode')}
          inputMode="numeric"
          autoComplete="postal-code"
          value={values.postcode}
          onChange={(value) => set('postcode', value)}
          error={errors.postcode}
        />
        <TextField
          label={t('form.town')}
          autoComplete="address-level2"
          value={values.town}
          onChange={(value) => set('town', value)}
          error={errors.town}
        />
      </div>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          size="small"
          isPending={placeAddress.isPending}
          onPress={() => void findOnMap()}
        >
          {t('form.findOnMap')}
        </Button>
      </div>
      {outcome ? (
        <Alert tone={outcome.tone}>
          <p>{outcome.text}</p>
        </Alert>
      ) : null}
      <div className={styles.row}>
        <TextField
          label={t('form.latitude')}
          inputMode="decimal"
          value={values.latitude}
          onChange={(value) => set('latitude', value)}
          error={errors.latitude}
        />
        <TextField
          label={t('form.longitude')}
          inputMode="decimal"
          value={values.longitude}
          onChange={(value) => set('longitude', value)}
          error={errors.longitude}
        />
      </div>
      <p className={styles.muted}>{t('form.positionHelp')}</p>
      {points.length > 0 ? (
        <MarkersMap
          points={points}
          zoom={15}
          texts={{ title: t('form.positionMap'), attribution: t('map.attribution') }}
          className={styles.smallMap}
          testId="dock-position-map"
        />
      ) : null}
    </fieldset>
  );
}

function HoursFields({
  values,
  errors,
  setValues,
}: {
  values: DockFormValues;
  errors: DockFormErrors;
  setValues: (update: (current: DockFormValues) => DockFormValues) => void;
}) {
  const { t } = useTranslation('docks');
  const setDay = (index: number, change: Partial<DockFormValues['days'][number]>) =>
    setValues((current) => ({
      ...current,
      days: current.days.map((day, dayIndex) => (dayIndex === index ? { ...day, ...change } : day)),
    }));
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('hours.title')}</legend>
      <Checkbox
        isSelected={values.alwaysOpen}
        onChange={(isSelected) => setValues((current) => ({ ...current, alwaysOpen: isSelected }))}
      >
        {t('hours.always')}
      </Checkbox>
      {values.alwaysOpen ? null : (
        // The column heads once; each time field is named by its day for screen readers.
        <div className={styles.dayRow} aria-hidden="true">
          <span />
          <div className={styles.dayTimes}>
            <span className={styles.legend}>{t('form.opens')}</span>
            <span className={styles.legend}>{t('form.closes')}</span>
          </div>
        </div>
      )}
      {values.alwaysOpen
        ? null
        : WEEKDAYS.map((weekday, index) => {
            const day = values.days[index] ?? { isOpen: false, opens: '', closes: '' };
            const dayName = t(`weekdays.${weekday}`);
            return (
              <div key={weekday} className={styles.dayRow}>
                <Checkbox isSelected={day.isOpen} onChange={(isOpen) => setDay(index, { isOpen })}>
                  {dayName}
                </Checkbox>
                {day.isOpen ? (
                  <div className={styles.dayTimes}>
                    <TextField
                      label={t('form.opensOn', { day: dayName })}
                      type="time"
                      value={day.opens}
                      onChange={(opens) => setDay(index, { opens })}
                      error={errors[`opening_hours.${index}.opens`]}
                    />
                    <TextField
                      label={t('form.closesOn', { day: dayName })}
                      type="time"
                      value={day.closes}
                      onChange={(closes) => setDay(index, { closes })}
                      error={errors[`opening_hours.${index}.closes`]}
                    />
                  </div>
                ) : (
                  <p className={styles.muted}>{t('hours.closed')}</p>
                )}
              </div>
            );
          })}
    </fieldset>
  );
}

function AccessFields({
  values,
  errors,
  set,
  extraOrganisations,
  operatorId,
}: {
  values: DockFormValues;
  errors: DockFormErrors;
  set: Setter;
  extraOrganisations: readonly { id: string; name: string }[];
  operatorId: string;
}) {
  const { t } = useTranslation('docks');
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('form.access')}</legend>
      <RadioGroup
        label={t('form.accessLabel')}
        value={values.access}
        onChange={(value) => set('access', value as DockFormValues['access'])}
        options={[
          { value: 'signed_in', label: t('access.signed_in'), description: t('access.signed_inHelp') },
          {
            value: 'organisations',
            label: t('access.organisations'),
            description: t('access.organisationsHelp'),
          },
          { value: 'people', label: t('access.people'), description: t('access.peopleHelp') },
        ]}
      />
      {values.access === 'organisations' ? (
        <OrganisationPicker
          selectedIds={values.organisation_ids}
          onChange={(ids) => set('organisation_ids', ids)}
          listed={extraOrganisations}
          operatorId={operatorId}
          isMissing={Boolean(errors.organisation_ids)}
          unavailableIds={Object.keys(errors).flatMap((field) => {
            const match = /^organisation_ids\.(\d+)$/.exec(field);
            const id = match ? values.organisation_ids[Number(match[1])] : undefined;
            return id ? [id] : [];
          })}
        />
      ) : null}
      {values.access === 'people' ? (
        <TextAreaField
          label={t('form.people')}
          description={t('form.peopleHelp')}
          rows={4}
          value={values.people}
          onChange={(value) => set('people', value)}
          error={errors.people ?? Object.entries(errors).find(([field]) => field.startsWith('people.'))?.[1]}
        />
      ) : null}
    </fieldset>
  );
}
