import { zodResolver } from '@hookform/resolvers/zod';
import type { Bike, BikeUpdate } from '@nbr/domain/bikes';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useBike } from '../../../lib/api/bikes/get-bike.ts';
import { useUpdateBike } from '../../../lib/api/bikes/update-bike.ts';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ErrorSummary, Form, FormActions, useInvalidFormMessage } from '../../../ui/form.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import styles from '../bikes.module.css';
import { BikeFallback } from '../components/bike-fallback.tsx';
import { IdentifierFields } from '../components/identifier-fields.tsx';
import { bikeErrorReport } from '../lib/bike-errors.ts';
import { type BikeFormValues, bikeToFormValues, bikeUpdateFormSchema } from '../lib/bike-form.ts';

/**
 * /app/my-bikes/{bikeId}/complete-confirm-missing-frame-number — registered without a frame number:
 * why it matters (police and insurers find bikes by it), add it now, or confirm to do it later.
 */
export function Component() {
  const { bikeId = '' } = useParams();
  const { t } = useTranslation(['bikes', 'common']);
  const bike = useBike(bikeId);
  if (!bike.data) return <BikeFallback bike={bike} title={t('missingFrame.title')} />;
  return <MissingFrameNumber bike={bike.data} />;
}

function MissingFrameNumber({ bike }: { bike: Bike }) {
  const { t } = useTranslation(['bikes', 'common']);
  const navigate = useNavigate();
  const update = useUpdateBike(bike.bike_id);
  const invalidFormMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const form = useForm<BikeFormValues>({
    mode: 'onTouched',
    resolver: zodResolver(bikeUpdateFormSchema as never) as never,
    defaultValues: bikeToFormValues(bike),
  });
  const next = paths.app.bikeIntroStep.getHref({ bikeId: bike.bike_id });

  const onSubmit = form.handleSubmit(
    async (output) => {
      // The resolver ran the contract's schema: what arrives here is its output.
      const parsed = output as unknown as BikeUpdate;
      setSummary(null);
      if (!parsed.frame_number) {
        form.setError('frame_number', { type: 'required', message: 'required' }, { shouldFocus: true });
        setSummary(invalidFormMessage({ frame_number: { type: 'required', message: 'required' } }));
        return;
      }
      try {
        await update.mutateAsync({ frame_number: parsed.frame_number });
        await navigate(next);
      } catch (error) {
        const report = bikeErrorReport(error, t, {}, ['frame_number']);
        for (const { field, message } of report.fields)
          form.setError(field as 'frame_number', { type: 'server', message });
        setSummary({ message: report.summary });
      }
    },
    (errors) => setSummary(invalidFormMessage(errors)),
  );

  return (
    <PageLayout title={t('missingFrame.title')} lead={t('missingFrame.lead')} width="form">
      <Card title={t('missingFrame.whyTitle')} id="why">
        <ul className={styles.checklist}>
          <li>{t('missingFrame.whyPolice')}</li>
          <li>{t('missingFrame.whyInsurance')}</li>
          <li>{t('missingFrame.whyTransfer')}</li>
        </ul>
        <p className={styles.muted}>{t('missingFrame.where')}</p>
      </Card>
      <Form onSubmit={onSubmit} aria-label={t('missingFrame.formLabel')}>
        <ErrorSummary title={summary?.title} message={summary?.message} />
        <IdentifierFields control={form.control} bikeId={bike.bike_id} frameNumberOnly />
        <FormActions>
          <Button type="submit" isPending={update.isPending}>
            {t('missingFrame.save')}
          </Button>
          <LinkButton href={next} variant="secondary">
            {t('missingFrame.later')}
          </LinkButton>
        </FormActions>
      </Form>
    </PageLayout>
  );
}
