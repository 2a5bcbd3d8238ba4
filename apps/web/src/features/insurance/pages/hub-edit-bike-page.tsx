import {
  BIKE_CATEGORIES,
  BIKE_TYPES,
  type Bike,
  BikeCategorySchema,
  BikeTypeSchema,
} from '@nbr/domain/bikes';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useBike } from '../../../lib/api/bikes/get-bike.ts';
import { useUpdateBike } from '../../../lib/api/bikes/update-bike.ts';
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
import { PageLayout } from '../../../ui/page-layout.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { Select } from '../../../ui/select.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { usePolicy } from '../api/policies-get-policy.ts';
import { type HubParams, NotOnPolicy, useHubParams, WithInsuredBike } from './hub-parts.tsx';

/** What the policy reads of a bike: its category and frame type (the check), price and e-bike (the tariff). */
const InsuredBikeFormSchema = z.object({
  category: BikeCategorySchema.nullable(),
  type: BikeTypeSchema.nullable(),
  price: z
    .string()
    .trim()
    .regex(/^\d{0,7}$/, { error: 'invalid_price' }),
  is_electric: z.boolean(),
});

function EditForm({ bike, params }: { bike: Bike; params: HubParams }) {
  const { t } = useTranslation(['insurance-hub', 'bikes', 'common']);
  const navigate = useNavigate();
  const update = useUpdateBike(bike.bike_id);
  const policy = usePolicy(params.policyId);
  const invalidMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const form = useZodForm(InsuredBikeFormSchema, {
    defaultValues: {
      category: bike.category,
      type: bike.type,
      price: bike.price === null ? '' : String(bike.price),
      is_electric: bike.is_electric,
    },
  });
  const category = useController({ control: form.control, name: 'category' });
  const type = useController({ control: form.control, name: 'type' });
  const hub = paths.insurance.policyHub.getHref(params);

  const onSubmit = form.handleSubmit(
    async (values) => {
      setSummary(null);
      try {
        await update.mutateAsync({
          category: values.category,
          type: values.type,
          price: values.price === '' ? null : Number(values.price),
          is_electric: values.is_electric,
        });
        await policy.refetch();
        navigate(hub);
      } catch (error) {
        setSummary({
          title: t('common:messages.somethingWrong'),
          message: applyApiError(error, form.setError, t, ['category', 'type', 'price', 'is_electric']),
        });
      }
    },
    (errors) => setSummary(invalidMessage(errors)),
  );

  return (
    <Form onSubmit={onSubmit} aria-label={t('editBike.formLabel')}>
      <ErrorSummary title={summary?.title} message={summary?.message} />
      <Select
        label={t('bikes:fields.category')}
        value={category.field.value ?? null}
        onChange={(value) => category.field.onChange(value)}
        error={category.fieldState.error?.message}
        options={BIKE_CATEGORIES.map((value) => ({ value, label: t(`common:bike.categories.${value}`) }))}
      />
      <RadioGroup
        label={t('bikes:fields.type')}
        value={type.field.value ?? ''}
        onChange={(value) => type.field.onChange(value)}
        error={type.fieldState.error?.message}
        options={BIKE_TYPES.map((value) => ({ value, label: t(`bikes:types.${value}`) }))}
      />
      <FormTextField
        control={form.control}
        name="price"
        label={t('bikes:fields.price', { currency: bike.currency })}
        description={t('editBike.priceHint')}
        inputMode="numeric"
      />
      <FormCheckbox control={form.control} name="is_electric">
        {t('bikes:fields.isElectric')}
      </FormCheckbox>
      <FormActions>
        <Button type="submit" isPending={update.isPending}>
          {t('common:actions.save')}
        </Button>
        <LinkButton href={hub} variant="secondary">
          {t('common:actions.back')}
        </LinkButton>
      </FormActions>
    </Form>
  );
}

function EditBike({ params }: { params: HubParams }) {
  const { t } = useTranslation(['insurance-hub', 'common']);
  const bike = useBike(params.bikeId);
  if (bike.isError && !bike.data)
    return (
      <LoadErrorPage
        alertTitle={t('loadFailed')}
        title={t('editBike.title')}
        error={bike.error}
        retry={() => void bike.refetch()}
      />
    );
  if (!bike.data) return <LoadingState />;
  return (
    <PageLayout
      title={t('editBike.title')}
      lead={t('editBike.lead', { name: bike.data.nickname })}
      width="form"
    >
      <EditForm bike={bike.data} params={params} />
    </PageLayout>
  );
}

/** /insurance/{insurerPartyId}/policy/{policyId}/bikes/{bikeId}/edit-bike — the bike as the policy needs it. */
export function Component() {
  const { t } = useTranslation('insurance-hub');
  const params = useHubParams();
  return (
    <WithInsuredBike title={t('editBike.title')}>
      {({ item }) =>
        item ? <EditBike params={params} /> : <NotOnPolicy title={t('editBike.title')} params={params} />
      }
    </WithInsuredBike>
  );
}
