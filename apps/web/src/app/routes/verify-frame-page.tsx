import type { Bike, BikePicture } from '@nbr/domain/bikes';
import { type OwnershipVerification, VerificationFrameStepSchema } from '@nbr/domain/ownership';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useUploadPicture } from '../../features/bikes/api/files.ts';
import { FileUpload } from '../../features/bikes/components/file-upload.tsx';
import { PICTURE_ACCEPT, pictureProblem } from '../../features/bikes/lib/file-checks.ts';
import { useSaveFrameStep } from '../../features/ownership/api/verification.ts';
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
  FormTextField,
  useInvalidFormMessage,
  useZodForm,
} from '../../ui/form.tsx';
import { PageLayout } from '../../ui/page-layout.tsx';
import { RadioGroup } from '../../ui/radio-group.tsx';

function PictureOption({ picture, index }: { picture: BikePicture; index: number }) {
  const { t } = useTranslation('ownership');
  return (
    <span className={styles.pictureOption}>
      <img src={picture.thumbnail_url ?? picture.url} alt="" className={styles.optionImage} />
      <span>{t('verify.framePictureOption', { number: index + 1 })}</span>
    </span>
  );
}

function FrameForm({ bike, verification }: { bike: Bike; verification: OwnershipVerification }) {
  const { t } = useTranslation(['ownership', 'bikes', 'common']);
  const navigate = useNavigate();
  const save = useSaveFrameStep(bike.bike_id);
  const upload = useUploadPicture(bike.bike_id);
  const invalidMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const framePictures = bike.pictures.filter((picture) => picture.kind === 'frame_number');
  const form = useZodForm(VerificationFrameStepSchema, {
    defaultValues: {
      frame_number: verification.frame_number ?? bike.frame_number ?? '',
      picture_id: verification.frame_picture_id ?? framePictures.at(-1)?.picture_id ?? '',
    },
  });
  const picture = useController({ control: form.control, name: 'picture_id' });

  const onSubmit = form.handleSubmit(
    async (values) => {
      setSummary(null);
      try {
        await save.mutateAsync(values);
        navigate(paths.app.verifyOwnershipOwner.getHref({ bikeId: bike.bike_id }));
      } catch (error) {
        setSummary({
          title: t('common:messages.somethingWrong'),
          message: applyApiError(error, form.setError, t, ['frame_number', 'picture_id']),
        });
      }
    },
    (errors) => setSummary(invalidMessage(errors)),
  );

  return (
    <Form onSubmit={onSubmit} aria-label={t('verify.frameFormLabel')}>
      <ErrorSummary title={summary?.title} message={summary?.message} />
      <div>
        <h2 className={styles.sectionTitle}>{t('verify.framePictureTitle')}</h2>
        <p className={styles.hint}>{t('verify.framePictureHint')}</p>
        <FileUpload
          kinds={[{ value: 'frame_number', label: t('bikes:pictureKinds.frame_number') }]}
          kindLabel={t('verify.framePictureTitle')}
          defaultKind="frame_number"
          accept={PICTURE_ACCEPT}
          problemOf={pictureProblem}
          onUpload={async (kind, file) => {
            const uploaded = await upload.mutateAsync({ kind, file });
            picture.field.onChange(uploaded.picture_id);
            form.clearErrors('picture_id');
            setSummary(null);
          }}
          chooseLabel={t('verify.framePictureChoose')}
          cameraLabel={t('verify.framePictureCamera')}
          successLabel={t('verify.framePictureUploaded')}
        />
      </div>
      {framePictures.length > 0 ? (
        <RadioGroup
          label={t('verify.framePictureChoice')}
          value={picture.field.value ?? ''}
          onChange={picture.field.onChange}
          error={picture.fieldState.error ? 'required' : null}
          options={framePictures.map((item, index) => ({
            value: item.picture_id,
            label: <PictureOption picture={item} index={index} />,
          }))}
        />
      ) : picture.fieldState.error ? (
        <p className={styles.fieldError} role="alert">
          {t('verify.framePictureMissing')}
        </p>
      ) : null}
      <FormTextField
        control={form.control}
        name="frame_number"
        label={t('verify.frameNumber')}
        description={t('verify.frameNumberHint')}
        autoComplete="off"
        spellCheck="false"
      />
      <FormActions>
        <Button type="submit" isPending={save.isPending}>
          {t('verify.next')}
        </Button>
        <LinkButton href={paths.app.verifyOwnership.getHref()} variant="secondary">
          {t('transfer.back')}
        </LinkButton>
      </FormActions>
    </Form>
  );
}

/** /app/bikes/verify-ownership/{bikeId}/frame — step 1: a picture of the frame number, and the number. */
export function Component() {
  const { bikeId = '' } = useParams();
  const { t } = useTranslation(['ownership', 'common']);
  const data = useVerificationStepData(bikeId, t('verify.frameTitle'));
  if ('fallback' in data) return data.fallback;
  const { bike, verification } = data;
  const editable = isEditable(verification);

  return (
    <PageLayout
      title={editable ? t('verify.frameTitle') : t('verify.title')}
      lead={editable ? t('verify.frameLead') : undefined}
      width="form"
    >
      {editable ? (
        <p className={styles.stepCounter}>{t('transfer.stepCounter', { step: 1, total: 2 })}</p>
      ) : null}
      <Card title={t('transfer.bikeTitle')} id="verify-bike">
        <OwnershipBikeSummary bike={{ ...bike, thumbnail_url: thumbnailOf(bike) }} headingLevel={3} />
      </Card>
      <VerificationState verification={verification} />
      {editable ? (
        <FrameForm bike={bike} verification={verification} />
      ) : (
        <div className={styles.actions}>
          <LinkButton href={paths.app.verifyOwnership.getHref()} variant="secondary">
            {t('verify.toList')}
          </LinkButton>
        </div>
      )}
    </PageLayout>
  );
}
