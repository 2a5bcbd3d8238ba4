import { zodResolver } from '@hookform/resolvers/zod';
import type { BikeCreate } from '@nbr/domain/bikes';
import { useState } from 'react';
import { type Control, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadErrorPage } from '../../components/load-error.tsx';
import { paths } from '../../config/paths.ts';
import { CreditsSummary, NoCreditState } from '../../features/bikes/components/credits-panel.tsx';
import { IdentifierFields } from '../../features/bikes/components/identifier-fields.tsx';
import { bikeErrorReport } from '../../features/bikes/lib/bike-errors.ts';
import {
  type BikeFormValues,
  bikeCreateFormSchema,
  EMPTY_BIKE_FORM,
} from '../../features/bikes/lib/bike-form.ts';
import styles from '../../features/plates/plates.module.css';
import { useCreateBike } from '../../lib/api/bikes/create-bike.ts';
import { useCreditOverview } from '../../lib/api/webshop/get-credit-overview.ts';
import { plateFromSearch } from '../../lib/plate-param.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary, Form, FormActions, FormTextField, useInvalidFormMessage } from '../../ui/form.tsx';
import { PageLayout } from '../../ui/page-layout.tsx';
import { LoadingState } from '../../ui/spinner.tsx';

const FIELDS = ['nickname', 'frame_number', 'plate_id', 'brand'] as const;

/**
 * /signup/from-scan/create-bikes-loop?plate= — right after signing up from a scan: register the bike
 * with the scanned plate filled in (POST /bikes/, one credit), then the bike's page of the loop
 * offers pictures and another bike. Without a free credit, the no-subscription state instead.
 */
export function Component() {
  const { t } = useTranslation(['plates', 'bikes', 'common']);
  const [searchParams] = useSearchParams();
  const plate = plateFromSearch(searchParams);
  const navigate = useNavigate();
  const credits = useCreditOverview();
  const create = useCreateBike();
  const invalidFormMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const form = useForm<BikeFormValues, unknown, BikeCreate>({
    mode: 'onTouched',
    resolver: zodResolver(bikeCreateFormSchema as never) as never,
    defaultValues: { ...EMPTY_BIKE_FORM, plate_id: plate ?? '' },
  });
  // The fields bind to what the inputs hold; only the submit handler sees the converted BikeCreate.
  const control = form.control as unknown as Control<BikeFormValues>;

  const onSubmit = form.handleSubmit(
    async (values) => {
      setSummary(null);
      try {
        const bike = await create.mutateAsync(values);
        await navigate(paths.signupFromScan.bike.getHref({ bikeId: bike.bike_id }));
      } catch (error) {
        const report = bikeErrorReport(error, t, { plate_id: values.plate_id }, FIELDS);
        for (const { field, message } of report.fields)
          form.setError(field as keyof BikeFormValues, { type: 'server', message });
        setSummary({ message: report.summary });
        // A credit used up meanwhile (another tab): show the state that explains it.
        void credits.refetch();
      }
    },
    (errors) => setSummary(invalidFormMessage(errors)),
  );

  const title = plate ? t('loop.title') : t('loop.titleAnother');
  const lead = plate ? t('loop.lead') : t('loop.leadAnother');

  if (credits.isPending) {
    return (
      <PageLayout title={title} width="form">
        <LoadingState />
      </PageLayout>
    );
  }

  if (credits.isError) {
    return (
      <LoadErrorPage
        title={title}
        width="form"
        alertTitle={t('loop.creditsFailed')}
        error={credits.error}
        retry={() => void credits.refetch()}
      />
    );
  }

  if (!credits.data.can_add_bike) {
    return (
      <PageLayout title={title} lead={t('loop.noCreditLead')} width="form">
        <NoCreditState overview={credits.data} plate={plate} />
        {plate ? <p className={styles.more}>{t('loop.plateKept', { code: plate })}</p> : null}
      </PageLayout>
    );
  }

  return (
    <PageLayout title={title} lead={lead} width="form">
      <div className={styles.panel}>
        <CreditsSummary overview={credits.data} />
        <Form onSubmit={onSubmit}>
          <ErrorSummary title={summary?.title} message={summary?.message} />
          <FormTextField
            control={control}
            name="nickname"
            label={t('loop.nickname')}
            description={t('loop.nicknameHint')}
            autoComplete="off"
            isRequired
          />
          <IdentifierFields control={control} />
          <FormTextField
            control={control}
            name="brand"
            label={t('loop.brand')}
            autoComplete="off"
            isOptional
          />
          <FormActions>
            <Button type="submit" fullWidth isPending={create.isPending}>
              {t('loop.submit')}
            </Button>
          </FormActions>
        </Form>
      </div>
    </PageLayout>
  );
}
