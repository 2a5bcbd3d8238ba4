import type { Bike } from '@nbr/domain/bikes';
import { type OwnershipVerification, VerificationOwnerStepSchema } from '@nbr/domain/ownership';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useUploadDocument, useUploadPicture } from '../../features/bikes/api/files.ts';
import { FileUpload } from '../../features/bikes/components/file-upload.tsx';
import { contentTypeOf, DOCUMENT_ACCEPT, documentProblem } from '../../features/bikes/lib/file-checks.ts';
import { useSaveOwnerStep, useSubmitVerification } from '../../features/ownership/api/verification.ts';
import { MessageField } from '../../features/ownership/components/message-field.tsx';
import { OwnershipBikeSummary } from '../../features/ownership/components/ownership-bike.tsx';
import { isEditable, VerificationState } from '../../features/ownership/components/verification-status.tsx';
import { useVerificationStepData } from '../../features/ownership/components/verification-step-data.tsx';
import { thumbnailOf } from '../../features/ownership/lib/bike-thumbnail.ts';
import styles from '../../features/ownership/ownership.module.css';
import { Button, LinkButton } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import {
  applyApiError,
  ErrorSummary,
  Form,
  FormActions,
  useInvalidFormMessage,
  useZodForm,
} from '../../ui/form.tsx';
import { PageLayout } from '../../ui/page-layout.tsx';
import { RadioGroup } from '../../ui/radio-group.tsx';

const PROOF_DOCUMENT_KINDS: ReadonlySet<string> = new Set(['receipt', 'form', 'other']);

/** The pictures (receipt) and documents (receipt, form, other) of the bike that can prove ownership. */
function proofFiles(bike: Bike) {
  return [
    ...bike.pictures
      .filter((picture) => picture.kind === 'receipt')
      .map((picture) => ({
        id: picture.picture_id,
        kind: picture.kind,
        name: null,
        created: picture.created_at,
      })),
    ...bike.documents
      .filter((document) => PROOF_DOCUMENT_KINDS.has(document.kind))
      .map((document) => ({
        id: document.document_id,
        kind: document.kind,
        name: document.file_name,
        created: document.created_at,
      })),
  ].sort((a, b) => a.created.localeCompare(b.created));
}

function OwnerForm({ bike, verification }: { bike: Bike; verification: OwnershipVerification }) {
  const { t } = useTranslation(['ownership', 'bikes', 'common']);
  const save = useSaveOwnerStep(bike.bike_id);
  const submit = useSubmitVerification(bike.bike_id);
  const uploadPicture = useUploadPicture(bike.bike_id);
  const uploadDocument = useUploadDocument(bike.bike_id);
  const invalidMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const files = proofFiles(bike);
  const form = useZodForm(VerificationOwnerStepSchema, {
    defaultValues: {
      file_id: verification.proof_file_id ?? files.at(-1)?.id ?? '',
      note: verification.note ?? '',
    },
  });
  const file = useController({ control: form.control, name: 'file_id' });
  const note = useController({ control: form.control, name: 'note' });

  const onSubmit = form.handleSubmit(
    async (values) => {
      setSummary(null);
      try {
        await save.mutateAsync({ file_id: values.file_id, note: values.note || undefined });
        await submit.mutateAsync();
      } catch (error) {
        setSummary({
          title: t('common:messages.somethingWrong'),
          message: applyApiError(error, form.setError, t, ['file_id', 'note']),
        });
      }
    },
    (errors) => setSummary(invalidMessage(errors)),
  );

  return (
    <Form onSubmit={onSubmit} aria-label={t('verify.ownerFormLabel')}>
      <ErrorSummary title={summary?.title} message={summary?.message} />
      <div>
        <h2 className={styles.sectionTitle}>{t('verify.proofTitle')}</h2>
        <p className={styles.hint}>{t('verify.proofHint')}</p>
        <FileUpload
          kinds={[{ value: 'receipt', label: t('bikes:documentKinds.receipt') }]}
          kindLabel={t('verify.proofTitle')}
          defaultKind="receipt"
          accept={DOCUMENT_ACCEPT}
          problemOf={documentProblem}
          onUpload={async (_kind, chosen) => {
            setSummary(null);
            form.clearErrors('file_id');
            // A photo of the receipt is a picture of the bike; a PDF is a document.
            if (contentTypeOf(chosen).startsWith('image/')) {
              const uploaded = await uploadPicture.mutateAsync({ kind: 'receipt', file: chosen });
              file.field.onChange(uploaded.picture_id);
            } else {
              const uploaded = await uploadDocument.mutateAsync({ kind: 'receipt', file: chosen });
              file.field.onChange(uploaded.document_id);
            }
          }}
          chooseLabel={t('verify.proofChoose')}
          cameraLabel={t('verify.proofCamera')}
          successLabel={t('verify.proofUploaded')}
        />
      </div>
      {files.length > 0 ? (
        <RadioGroup
          label={t('verify.proofChoice')}
          value={file.field.value ?? ''}
          onChange={file.field.onChange}
          error={file.fieldState.error ? 'required' : null}
          options={files.map((item, index) => ({
            value: item.id,
            label: item.name ?? t('verify.proofPictureOption', { number: index + 1 }),
            description: t(`verify.proofKinds.${item.kind}`),
          }))}
        />
      ) : file.fieldState.error ? (
        <p className={styles.fieldError} role="alert">
          {t('verify.proofMissing')}
        </p>
      ) : null}
      <MessageField
        name={note.field.name}
        label={`${t('verify.note')} (${t('common:form.optional')})`}
        description={t('verify.noteHint')}
        value={note.field.value ?? ''}
        onChange={note.field.onChange}
        onBlur={note.field.onBlur}
        inputRef={note.field.ref}
        error={note.fieldState.error?.message}
        maxLength={1000}
      />
      <FormActions>
        <Button type="submit" isPending={save.isPending || submit.isPending}>
          {t('verify.submit')}
        </Button>
        <LinkButton
          href={paths.app.verifyOwnershipFrame.getHref({ bikeId: bike.bike_id })}
          variant="secondary"
        >
          {t('transfer.back')}
        </LinkButton>
      </FormActions>
    </Form>
  );
}

/** /app/bikes/verify-ownership/{bikeId}/owner — step 2: a receipt or other proof, then send to staff. */
export function Component() {
  const { bikeId = '' } = useParams();
  const { t } = useTranslation(['ownership', 'common']);
  const data = useVerificationStepData(bikeId, t('verify.ownerTitle'));
  if ('fallback' in data) return data.fallback;
  const { bike, verification } = data;
  const editable = isEditable(verification);
  if (editable && !verification.frame_step_done) {
    return <Navigate to={paths.app.verifyOwnershipFrame.getHref({ bikeId })} replace />;
  }

  return (
    <PageLayout
      title={editable ? t('verify.ownerTitle') : t('verify.title')}
      lead={editable ? t('verify.ownerLead') : undefined}
      width="form"
    >
      {editable ? (
        <p className={styles.stepCounter}>{t('transfer.stepCounter', { step: 2, total: 2 })}</p>
      ) : null}
      <Card title={t('transfer.bikeTitle')} id="verify-bike">
        <OwnershipBikeSummary bike={{ ...bike, thumbnail_url: thumbnailOf(bike) }} headingLevel={3} />
      </Card>
      <VerificationState verification={verification} />
      {editable ? (
        <OwnerForm bike={bike} verification={verification} />
      ) : (
        <div className={styles.actions}>
          <LinkButton href={paths.app.verifyOwnership.getHref()}>{t('verify.toList')}</LinkButton>
          <LinkButton href={paths.app.bike.getHref({ bikeId })} variant="secondary">
            {t('verify.toBike')}
          </LinkButton>
        </div>
      )}
    </PageLayout>
  );
}
