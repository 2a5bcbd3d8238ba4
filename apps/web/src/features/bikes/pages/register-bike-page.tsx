import { zodResolver } from '@hookform/resolvers/zod';
import type { BikeCreate } from '@nbr/domain/bikes';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useCreateBike } from '../../../lib/api/bikes/create-bike.ts';
import { bikeQueryKey } from '../../../lib/api/bikes/get-bike.ts';
import { bikesQueryKey } from '../../../lib/api/bikes/get-bikes.ts';
import { useCreditOverview } from '../../../lib/api/webshop/get-credit-overview.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { takeFlowReturn } from '../../../lib/flow-return.ts';
import { useRegion } from '../../../lib/region.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ErrorSummary, Form, FormActions, FormTextField, useInvalidFormMessage } from '../../../ui/form.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { uploadPicture } from '../api/files.ts';
import styles from '../bikes.module.css';
import { BikeDetailFields } from '../components/bike-detail-fields.tsx';
import { CreditsSummary, NoCreditState } from '../components/credits-panel.tsx';
import { IdentifierFields } from '../components/identifier-fields.tsx';
import { PicturePicker } from '../components/picture-picker.tsx';
import { bikeErrorReport } from '../lib/bike-errors.ts';
import {
  BIKE_FORM_FIELDS,
  type BikeFormField,
  type BikeFormValues,
  bikeCreateFormSchema,
  EMPTY_BIKE_FORM,
} from '../lib/bike-form.ts';

/** Fields inside the folded "more about the bike" part: an error there unfolds it. */
const DETAIL_FIELDS: readonly BikeFormField[] = BIKE_FORM_FIELDS.filter(
  (field) => !['nickname', 'frame_number', 'plate_id'].includes(field),
);

/**
 * /app/register-bike[?plate=<sticker id>] — register a bike: a name and a frame number and/or plate
 * ID (a picture is recommended, the rest optional), checked live. Needs a free registration credit.
 */
export function Component() {
  const { t } = useTranslation(['bikes', 'common']);
  const overview = useCreditOverview();
  if (overview.isError && !overview.data)
    return (
      <LoadErrorPage
        alertTitle={t('detail.loadFailed')}
        title={t('register.title')}
        error={overview.error}
        retry={() => void overview.refetch()}
      />
    );
  if (!overview.data) return <LoadingState />;
  if (!overview.data.can_add_bike) {
    return (
      <PageLayout title={t('register.title')} width="form">
        <NoCreditState overview={overview.data} />
      </PageLayout>
    );
  }
  return <RegisterForm />;
}

function RegisterForm() {
  const { t } = useTranslation(['bikes', 'common']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { currency } = useRegion();
  const overview = useCreditOverview();
  const create = useCreateBike();
  const queryClient = useQueryClient();
  const invalidFormMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const [picture, setPicture] = useState<File | null>(null);
  const [moreOpen, setMoreOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const form = useForm<BikeFormValues>({
    mode: 'onTouched',
    resolver: zodResolver(bikeCreateFormSchema as never) as never,
    // A sticker the person scanned before subscribing waits for this bike (already_activated_plate_id).
    defaultValues: {
      ...EMPTY_BIKE_FORM,
      plate_id: search.get('plate')?.trim().slice(0, 100) || overview.data?.waiting_plate_id || '',
    },
  });

  const onSubmit = form.handleSubmit(
    async (output) => {
      // The resolver ran the contract's schema: what arrives here is its output.
      const bike = output as unknown as BikeCreate;
      setSummary(null);
      try {
        const created = await create.mutateAsync(bike);
        let pictureFailed = false;
        if (picture) {
          setUploading(true);
          try {
            await uploadPicture(created.bike_id, { kind: 'public', file: picture });
            // The bike was cached by the create, without its picture: the next screen must read it anew.
            await Promise.all([
              queryClient.invalidateQueries({ queryKey: bikeQueryKey(created.bike_id), exact: true }),
              queryClient.invalidateQueries({ queryKey: bikesQueryKey, exact: true }),
            ]);
          } catch {
            // The bike is registered; the picture can be added on the next page.
            pictureFailed = true;
          } finally {
            setUploading(false);
          }
        }
        const bikeId = created.bike_id;
        // A campaign's step sent the person here (issue 29 §2): back to it, where the flow goes on.
        const flowStep = takeFlowReturn('register_bike');
        if (flowStep) {
          await navigate(flowStep);
          return;
        }
        await navigate(
          created.frame_number
            ? paths.app.bikeIntroStep.getHref({ bikeId })
            : paths.app.bikeCompleteConfirmMissingFrameNumber.getHref({ bikeId }),
          { state: { pictureFailed } },
        );
      } catch (error) {
        if (isApiError(error) && (error.code === 'no_subscription' || error.code === 'no_free_credit'))
          void overview.refetch();
        const report = bikeErrorReport(error, t, { plate_id: form.getValues('plate_id') }, BIKE_FORM_FIELDS);
        for (const { field, message } of report.fields) {
          if (DETAIL_FIELDS.includes(field as BikeFormField)) setMoreOpen(true);
          form.setError(field as BikeFormField, { type: 'server', message });
        }
        setSummary({ message: report.summary });
      }
    },
    (errors) => {
      if (DETAIL_FIELDS.some((field) => errors[field])) setMoreOpen(true);
      setSummary(invalidFormMessage(errors));
    },
  );

  return (
    <PageLayout title={t('register.title')} lead={t('register.lead')} width="form">
      {overview.data ? <CreditsSummary overview={overview.data} /> : null}
      <Alert tone="info" announce="none">
        <p>
          {t('register.insuredQuestion')}{' '}
          <Link href={paths.app.registerBikePreRegistration.getHref()}>{t('register.insuredLink')}</Link>
        </p>
      </Alert>
      <Form onSubmit={onSubmit} aria-label={t('register.title')}>
        <ErrorSummary title={summary?.title} message={summary?.message} />
        <Card title={t('register.identityTitle')} id="identity">
          <FormTextField
            control={form.control}
            name="nickname"
            label={t('fields.nickname')}
            description={t('fields.nicknameHint')}
            isRequired
          />
          <p className={styles.hint}>{t('register.identifiersHint')}</p>
          <IdentifierFields control={form.control} />
        </Card>
        <Card title={t('register.pictureTitle')} id="picture">
          <PicturePicker file={picture} onChange={setPicture} />
        </Card>
        <details
          className={styles.more}
          open={moreOpen}
          onToggle={(event) => setMoreOpen((event.currentTarget as HTMLDetailsElement).open)}
        >
          <summary className={styles.moreSummary}>{t('register.more')}</summary>
          <div className={styles.moreBody}>
            <BikeDetailFields control={form.control} currency={currency} />
          </div>
        </details>
        <FormActions>
          <Button type="submit" isPending={create.isPending || uploading}>
            {t('register.submit')}
          </Button>
        </FormActions>
      </Form>
    </PageLayout>
  );
}
