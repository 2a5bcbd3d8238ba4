import {
  type Bike,
  EQUIPMENT_TYPES,
  type Equipment,
  type EquipmentInput,
  type EquipmentType,
  LOCK_TYPES,
  todayInRegisterZone,
} from '@nbr/domain/bikes';
import { useState } from 'react';
import { type Control, useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useBike } from '../../../lib/api/bikes/get-bike.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import {
  ErrorSummary,
  Form,
  FormActions,
  FormCheckbox,
  FormTextField,
  useInvalidFormMessage,
} from '../../../ui/form.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { Select } from '../../../ui/select.tsx';
import { useDeleteEquipment, useSaveEquipment } from '../api/equipment.ts';
import { useUploadPicture } from '../api/files.ts';
import styles from '../bikes.module.css';
import { BikeFallback } from '../components/bike-fallback.tsx';
import { useEquipmentFacts, useEquipmentTitle } from '../components/equipment-summary.tsx';
import { FileUpload } from '../components/file-upload.tsx';
import { PictureGrid } from '../components/picture-section.tsx';
import { bikeErrorReport } from '../lib/bike-errors.ts';
import {
  EQUIPMENT_FORM_FIELDS,
  type EquipmentFormField,
  type EquipmentFormValues,
  emptyEquipmentForm,
  equipmentResolver,
  equipmentToFormValues,
  FIELDS_BY_TYPE,
  splitList,
} from '../lib/equipment-form.ts';
import { PICTURE_ACCEPT, pictureProblem } from '../lib/file-checks.ts';

/** /app/my-bikes/{bikeId}/edit/equipment — batteries, locks and accessories of one bike. */
export function Component() {
  const { bikeId = '' } = useParams();
  const { t } = useTranslation(['bikes', 'common']);
  const bike = useBike(bikeId);
  if (!bike.data) return <BikeFallback bike={bike} title={t('equipment.pageTitle')} />;
  return <EquipmentPage bike={bike.data} />;
}

type Editing = { kind: 'new'; type: EquipmentType } | { kind: 'edit'; id: string } | null;

function EquipmentPage({ bike }: { bike: Bike }) {
  const { t } = useTranslation(['bikes', 'common']);
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const remove = useDeleteEquipment(bike.bike_id);
  const [doomed, setDoomed] = useState<Equipment | null>(null);
  const titleOf = useEquipmentTitle();
  const factsOf = useEquipmentFacts();

  return (
    <PageLayout title={t('equipment.pageTitle')} lead={t('equipment.pageLead', { name: bike.nickname })}>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {bike.equipment.length === 0 && editing?.kind !== 'new' ? (
        <p className={styles.emptyNote}>{t('equipment.none')}</p>
      ) : null}
      <ul className={styles.equipmentList}>
        {bike.equipment.map((item) => (
          <li key={item.id}>
            <Card title={titleOf(item)} headingLevel={2} id={`equipment-${item.id}`}>
              {editing?.kind === 'edit' && editing.id === item.id ? (
                <EquipmentForm
                  bike={bike}
                  item={item}
                  type={item.item_type_memo}
                  onDone={(message) => {
                    setEditing(null);
                    setNotice(message);
                  }}
                />
              ) : (
                <>
                  <dl className={styles.facts}>
                    {factsOf(item).map(([label, value]) => (
                      <div key={label} className={styles.fact}>
                        <dt>{label}</dt>
                        <dd>{value}</dd>
                      </div>
                    ))}
                  </dl>
                  {item.item_type_memo === 'lock' ? <LockProof bikeId={bike.bike_id} item={item} /> : null}
                  <div className={styles.actions}>
                    <Button
                      variant="secondary"
                      size="small"
                      onPress={() => {
                        setNotice(null);
                        setEditing({ kind: 'edit', id: item.id });
                      }}
                    >
                      {t('equipment.edit')}
                    </Button>
                    <Button variant="quiet" size="small" onPress={() => setDoomed(item)}>
                      {t('equipment.delete')}
                    </Button>
                  </div>
                </>
              )}
            </Card>
          </li>
        ))}
      </ul>

      {editing?.kind === 'new' ? (
        <Card title={t(`equipment.addTitle.${editing.type}`)} id="new-equipment">
          <EquipmentForm
            bike={bike}
            type={editing.type}
            onDone={(message) => {
              setEditing(null);
              setNotice(message);
            }}
          />
        </Card>
      ) : (
        <Card title={t('equipment.addHeading')} id="add-equipment">
          <p className={styles.muted}>{t('equipment.addHint')}</p>
          <div className={styles.actions}>
            {EQUIPMENT_TYPES.map((type) => (
              <Button
                key={type}
                variant="secondary"
                onPress={() => {
                  setNotice(null);
                  setEditing({ kind: 'new', type });
                }}
              >
                {t(`equipment.add.${type}`)}
              </Button>
            ))}
          </div>
        </Card>
      )}

      <div className={styles.actions}>
        <LinkButton
          href={paths.app.bike.getHref({ bikeId: bike.bike_id }, { tab: 'equipment' })}
          variant="secondary"
        >
          {t('equipment.backToBike')}
        </LinkButton>
      </div>

      <ConfirmDialog
        isOpen={doomed !== null}
        onOpenChange={(open) => {
          if (!open) setDoomed(null);
        }}
        title={t('equipment.deleteTitle')}
        confirmLabel={t('equipment.deleteConfirm')}
        variant="danger"
        onConfirm={async () => {
          if (!doomed) return;
          await remove.mutateAsync(doomed.id);
          setNotice(t('equipment.deleted'));
        }}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>{t('equipment.deleteBody', { name: doomed ? titleOf(doomed) : '' })}</p>
      </ConfirmDialog>
    </PageLayout>
  );
}

/** The proof of a lock (a picture of the certificate or the receipt with the key number). */
function LockProof({ bikeId, item }: { bikeId: string; item: Equipment }) {
  const { t } = useTranslation('bikes');
  const upload = useUploadPicture(bikeId);
  return (
    <div className={styles.stack}>
      <h3 className={styles.subheading}>{t('equipment.proof')}</h3>
      <p className={styles.muted}>{t('equipment.proofHint')}</p>
      <PictureGrid bikeId={bikeId} pictures={item.pictures} />
      <FileUpload<'lock_proof'>
        kinds={[{ value: 'lock_proof', label: t('pictureKinds.lock_proof') }]}
        kindLabel={t('pictures.kind')}
        defaultKind="lock_proof"
        accept={PICTURE_ACCEPT}
        problemOf={pictureProblem}
        onUpload={(kind, file) => upload.mutateAsync({ kind, file, equipmentId: item.id })}
        chooseLabel={t('equipment.proofChoose')}
        cameraLabel={t('pictures.camera')}
        successLabel={t('pictures.uploaded')}
      />
    </div>
  );
}

function LockTypeField({ control }: { control: Control<EquipmentFormValues> }) {
  const { t } = useTranslation('bikes');
  const { field, fieldState } = useController({ control, name: 'lock_type_memo' });
  return (
    <Select
      label={t('equipment.lockType')}
      name={field.name}
      value={field.value || 'none'}
      onChange={(value) => field.onChange(value === 'none' ? '' : value)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      options={[
        { value: 'none', label: t('fields.notStated') },
        ...LOCK_TYPES.map((value) => ({ value, label: t(`lockTypes.${value}`) })),
      ]}
    />
  );
}

function EquipmentForm({
  bike,
  item,
  type,
  onDone,
}: {
  bike: Bike;
  item?: Equipment;
  type: EquipmentType;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation(['bikes', 'common']);
  const save = useSaveEquipment(bike.bike_id);
  const invalidFormMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const form = useForm<EquipmentFormValues>({
    mode: 'onTouched',
    // The resolver answers the contract's payload; fields bind to the typed values.
    resolver: equipmentResolver as never,
    defaultValues: item ? equipmentToFormValues(item) : emptyEquipmentForm(type),
  });
  const has = (field: EquipmentFormField) => FIELDS_BY_TYPE[type].includes(field);
  const control = form.control;

  const onSubmit = form.handleSubmit(
    async (values) => {
      const input = values as unknown as EquipmentInput;
      setSummary(null);
      try {
        await save.mutateAsync({ equipmentId: item?.id, input });
        onDone(item ? t('equipment.saved') : t('equipment.added'));
      } catch (error) {
        const report = bikeErrorReport(
          error,
          t,
          { plate_ids: splitList(form.getValues('plate_ids')) },
          EQUIPMENT_FORM_FIELDS,
        );
        for (const { field, message } of report.fields)
          form.setError(field as EquipmentFormField, { type: 'server', message });
        setSummary({ message: report.summary });
      }
    },
    (errors) => setSummary(invalidFormMessage(errors)),
  );

  return (
    <Form onSubmit={onSubmit} aria-label={item ? t('equipment.editLabel') : t(`equipment.addTitle.${type}`)}>
      <ErrorSummary title={summary?.title} message={summary?.message} />
      {type === 'accessory' ? (
        <FormTextField
          control={control}
          name="accessory_type"
          label={t('equipment.accessoryType')}
          description={t('equipment.accessoryTypeHint')}
        />
      ) : null}
      {has('manufacturer_name') ? (
        <div className={styles.pair}>
          <FormTextField control={control} name="manufacturer_name" label={t('equipment.brand')} isOptional />
          <FormTextField control={control} name="product_name" label={t('equipment.model')} isOptional />
        </div>
      ) : null}
      {has('serial_numbers') ? (
        <FormTextField
          control={control}
          name="serial_numbers"
          label={t('equipment.serialNumbers')}
          description={t('equipment.listHint')}
          spellCheck="false"
        />
      ) : null}
      {type === 'lock' ? (
        <>
          <LockTypeField control={control} />
          <div className={styles.pair}>
            <FormTextField
              control={control}
              name="physical_key_number"
              label={t('equipment.keyNumber')}
              description={t('equipment.keyNumberHint')}
              isOptional
            />
            <FormTextField
              control={control}
              name="varefakta_number"
              label={t('equipment.varefaktaNumber')}
              description={t('equipment.varefaktaHint')}
              isOptional
            />
          </div>
          <FormTextField
            control={control}
            name="lock_date"
            label={t('equipment.lockDate')}
            description={t('equipment.lockDateHint')}
            type="date"
            max={todayInRegisterZone()}
            isOptional
          />
          <FormCheckbox control={control} name="frame_number_match">
            {t('equipment.frameNumberMatchLabel')}
          </FormCheckbox>
          <FormCheckbox control={control} name="has_signature">
            {t('equipment.hasSignatureLabel')}
          </FormCheckbox>
        </>
      ) : null}
      <FormTextField
        control={control}
        name="plate_ids"
        label={t('equipment.plateIds')}
        description={t('equipment.plateIdsHint')}
        spellCheck="false"
        isOptional
      />
      <FormTextField control={control} name="note" label={t('equipment.note')} isOptional />
      {type === 'lock' && !item ? <p className={styles.muted}>{t('equipment.proofAfterSave')}</p> : null}
      <FormActions>
        <Button type="submit" isPending={save.isPending}>
          {item ? t('equipment.save') : t('equipment.addSubmit')}
        </Button>
        <Button variant="secondary" onPress={() => onDone('')}>
          {t('common:actions.cancel')}
        </Button>
      </FormActions>
    </Form>
  );
}
