import { zodResolver } from '@hookform/resolvers/zod';
import type { Bike, BikeUpdate } from '@nbr/domain/bikes';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useBike } from '../../../lib/api/bikes/get-bike.ts';
import { useUpdateBike } from '../../../lib/api/bikes/update-bike.ts';
import { useSession } from '../../../lib/session.ts';
import { useUnsavedChangesGuard } from '../../../lib/unsaved-changes.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ErrorSummary, Form, FormActions, FormTextField, useInvalidFormMessage } from '../../../ui/form.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import styles from '../bikes.module.css';
import { BikeDetailFields, VisibilityField } from '../components/bike-detail-fields.tsx';
import { BikeFallback } from '../components/bike-fallback.tsx';
import { IdentifierFields } from '../components/identifier-fields.tsx';
import { UnsavedChangesDialog } from '../components/unsaved-changes-dialog.tsx';
import {
  bikeDraftKey,
  clearBikeDraft,
  draftChanges,
  readBikeDraft,
  writeBikeDraft,
} from '../lib/bike-draft.ts';
import { bikeErrorReport } from '../lib/bike-errors.ts';
import {
  BIKE_FORM_FIELDS,
  type BikeFormField,
  type BikeFormValues,
  bikeToFormValues,
  bikeUpdateFormSchema,
  changedPayload,
} from '../lib/bike-form.ts';

/** /app/my-bikes/{bikeId}/edit — every field of the bike (SPEC §3 edit form). */
export function Component() {
  const { bikeId = '' } = useParams();
  const { t } = useTranslation(['bikes', 'common']);
  const bike = useBike(bikeId);
  if (!bike.data) return <BikeFallback bike={bike} title={t('edit.title')} />;
  return <EditBikeForm bike={bike.data} />;
}

function EditBikeForm({ bike }: { bike: Bike }) {
  const { t } = useTranslation(['bikes', 'common']);
  const navigate = useNavigate();
  const { claims } = useSession();
  const update = useUpdateBike(bike.bike_id);
  const invalidFormMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const [nothingChanged, setNothingChanged] = useState(false);
  const [draftRestored, setDraftRestored] = useState(false);
  const saved = useMemo(() => bikeToFormValues(bike), [bike]);
  const form = useForm<BikeFormValues>({
    mode: 'onTouched',
    resolver: zodResolver(bikeUpdateFormSchema as never) as never,
    defaultValues: saved,
  });
  const { isDirty, dirtyFields } = form.formState;
  const values = useWatch({ control: form.control }) as BikeFormValues;
  const key = bikeDraftKey(claims?.party_id ?? 'unknown', bike.bike_id);
  const readOnly: BikeFormField[] = bike.frame_number_locked ? ['frame_number'] : [];

  // An unsaved draft of this bike comes back once, when the page opens, with a notice.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const changes = draftChanges(readBikeDraft(key), saved, readOnly);
    const fields = Object.keys(changes) as BikeFormField[];
    if (fields.length === 0) {
      clearBikeDraft(key);
      return;
    }
    for (const field of fields) form.setValue(field, changes[field] as never, { shouldDirty: true });
    setDraftRestored(true);
    // Runs once on opening (the ref guards it); later changes must not bring the draft back.
  }, [form, key, saved, readOnly]);

  useEffect(() => {
    if (!restored.current) return;
    writeBikeDraft(key, values, saved);
  }, [values, key, saved]);

  const leaving = useRef(false);
  const blocker = useUnsavedChangesGuard(isDirty, leaving);

  const discardDraft = () => {
    clearBikeDraft(key);
    form.reset(saved);
    setDraftRestored(false);
  };

  const onSubmit = form.handleSubmit(
    async (output) => {
      // The resolver ran the contract's schema: what arrives here is its output.
      const parsed = output as unknown as BikeUpdate;
      setSummary(null);
      setNothingChanged(false);
      const payload = changedPayload(parsed, dirtyFields as Partial<Record<BikeFormField, boolean>>);
      if (Object.keys(payload).length === 0) {
        setNothingChanged(true);
        return;
      }
      try {
        const updated = await update.mutateAsync(payload);
        clearBikeDraft(key);
        leaving.current = true;
        form.reset(bikeToFormValues(updated));
        await navigate(paths.app.bikePostEdit.getHref({ bikeId: bike.bike_id }), { state: { saved: true } });
      } catch (error) {
        leaving.current = false;
        const report = bikeErrorReport(error, t, { plate_id: values.plate_id }, BIKE_FORM_FIELDS);
        for (const { field, message } of report.fields)
          form.setError(field as BikeFormField, { type: 'server', message }, { shouldFocus: false });
        setSummary({ message: report.summary });
      }
    },
    (errors) => setSummary(invalidFormMessage(errors)),
  );

  return (
    <PageLayout title={t('edit.title')} lead={bike.nickname} width="form">
      <Form onSubmit={onSubmit} aria-label={t('edit.title')}>
        <ErrorSummary title={summary?.title} message={summary?.message} />
        {draftRestored ? (
          <Alert tone="info">
            <div className={styles.stack}>
              <p>{t('edit.draftRestored')}</p>
              <Button variant="secondary" size="small" onPress={discardDraft}>
                {t('edit.discardDraft')}
              </Button>
            </div>
          </Alert>
        ) : null}
        <Card title={t('edit.identityTitle')} id="identity">
          <FormTextField
            control={form.control}
            name="nickname"
            label={t('fields.nickname')}
            description={t('fields.nicknameHint')}
            isRequired
          />
          <IdentifierFields
            control={form.control}
            bikeId={bike.bike_id}
            frameNumberLocked={bike.frame_number_locked}
          />
        </Card>
        <Card title={t('edit.detailsTitle')} id="details">
          <BikeDetailFields control={form.control} currency={bike.currency} showVisibility={false} />
        </Card>
        <Card title={t('edit.visibilityTitle')} id="visibility">
          <VisibilityField control={form.control} />
        </Card>
        {nothingChanged ? <Alert tone="info">{t('edit.nothingChanged')}</Alert> : null}
        <FormActions>
          <Button type="submit" isPending={update.isPending}>
            {t('edit.save')}
          </Button>
          <LinkButton href={paths.app.bike.getHref({ bikeId: bike.bike_id })} variant="secondary">
            {t('edit.cancel')}
          </LinkButton>
          {isDirty ? <span className={styles.muted}>{t('edit.unsavedHint')}</span> : null}
        </FormActions>
      </Form>
      <UnsavedChangesDialog blocker={blocker} />
    </PageLayout>
  );
}
