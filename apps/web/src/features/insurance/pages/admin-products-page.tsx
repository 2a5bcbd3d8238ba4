import { BIKE_CATEGORIES } from '@nbr/domain/bikes';
import { LOCK_APPROVAL_BY_REGION, REQUIRED_UPLOADS, type RequiredUpload } from '@nbr/domain/insurance';
import { InsurerProductUpdateSchema } from '@nbr/domain/insurance-admin';
import type { InsuranceOffer } from '@nbr/domain/insurance-signup';
import { useState } from 'react';
import { TextField as AriaTextField, FieldError, Label, TextArea } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorMessage, validationKey } from '../../../lib/api-errors.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import fieldStyles from '../../../ui/field.module.css';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { adminInsurerQueryOptions, isOwnInsurer, useAdminInsurer } from '../api/admin-insurer.ts';
import { adminProductsQueryOptions, useAdminProducts, useUpdateProduct } from '../api/admin-products.ts';
import styles from './admin.module.css';

/** The insurer's own people only (404 otherwise); its covers are fetched before the page shows. */
export async function loader({ params }: LoaderFunctionArgs) {
  const insurerPartyId = params.insurerPartyId ?? '';
  const organisation = await queryClient.ensureQueryData(adminInsurerQueryOptions(insurerPartyId));
  if (!isOwnInsurer(organisation)) throw new Response(null, { status: 404 });
  await queryClient.ensureQueryData(adminProductsQueryOptions(insurerPartyId));
  return null;
}

const LANGUAGES = ['da', 'en', 'no'] as const;

/** Whole kroner as typed; an empty or malformed field is sent as null (the API names the problem). */
function kroner(value: string): number | null {
  const trimmed = value.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : null;
}

interface Band {
  /** A key for React that stays with the band when one above it is removed. */
  key: number;
  maxPrice: string;
  premium: string;
}

let bandKeys = 0;

/** The form's fields as typed, from a cover. */
function fieldsOf(product: InsuranceOffer) {
  return {
    terms: { ...product.terms },
    locks: product.accepted_locks.length > 0,
    uploads: new Set(product.required_uploads),
    bands: product.tariff.price_bands.map(
      (band): Band => ({
        key: ++bandKeys,
        maxPrice: band.max_price === null ? '' : String(band.max_price),
        premium: String(band.annual_premium_minor / 100),
      }),
    ),
    surcharges: Object.fromEntries(
      BIKE_CATEGORIES.map((category) => [
        category,
        String(product.tariff.category_surcharge_percent[category] ?? ''),
      ]),
    ) as Record<string, string>,
    electric: String(product.tariff.electric_surcharge_percent),
  };
}

function TermsField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <AriaTextField value={value} onChange={onChange} className={fieldStyles.field}>
      <Label className={fieldStyles.label}>{label}</Label>
      <TextArea className={fieldStyles.input} rows={4} />
      <FieldError className={fieldStyles.error} />
    </AriaTextField>
  );
}

/** One cover's form: terms, accepted locks, required uploads and the tariff. */
function ProductForm({
  insurerPartyId,
  product,
  canEdit,
}: {
  insurerPartyId: string;
  product: InsuranceOffer;
  canEdit: boolean;
}) {
  const { t, i18n } = useTranslation(['insurer-admin', 'common']);
  const update = useUpdateProduct(insurerPartyId);
  const [fields, setFields] = useState(() => fieldsOf(product));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const lock = LOCK_APPROVAL_BY_REGION[product.region];
  const name = product.names[i18n.language as 'da' | 'en' | 'no'] ?? product.names.en;
  const change = (next: Partial<typeof fields>) => {
    setSaved(false);
    setFields({ ...fields, ...next });
  };
  const setBand = (index: number, next: Partial<Band>) =>
    change({ bands: fields.bands.map((band, at) => (at === index ? { ...band, ...next } : band)) });

  const submit = async () => {
    setError(null);
    const draft = {
      terms: fields.terms,
      accepted_locks: fields.locks ? [lock] : [],
      required_uploads: REQUIRED_UPLOADS.filter((upload) => fields.uploads.has(upload)),
      tariff: {
        price_bands: fields.bands.map((band, index) => {
          const premium = kroner(band.premium);
          const open = index === fields.bands.length - 1 && band.maxPrice.trim() === '';
          return {
            max_price: open ? null : kroner(band.maxPrice),
            annual_premium_minor: premium === null ? null : premium * 100,
          };
        }),
        category_surcharge_percent: Object.fromEntries(
          Object.entries(fields.surcharges)
            .filter(([, value]) => value.trim() !== '')
            .map(([category, value]) => [category, kroner(value)]),
        ),
        electric_surcharge_percent: kroner(fields.electric),
      },
    };
    // The API's own rules, checked here first: nothing is sent until they hold.
    const parsed = InsurerProductUpdateSchema.safeParse(draft);
    if (!parsed.success) {
      setError(t(`common:${validationKey(parsed.error.issues[0]?.message)}`));
      return;
    }
    const body = parsed.data;
    try {
      const stored = await update.mutateAsync({ coverKind: product.cover_kind, body });
      setFields(fieldsOf(stored));
      setSaved(true);
    } catch (failure) {
      setError(errorMessage(failure, t));
    }
  };

  return (
    <Card title={name} id={`product-${product.cover_kind}`}>
      <form
        className={styles.stack}
        aria-label={t('products.formTitle', { name })}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <fieldset className={styles.fieldset} disabled={!canEdit}>
          <legend>{t('products.terms')}</legend>
          {LANGUAGES.map((language) => (
            <TermsField
              key={language}
              label={t(`products.termsIn.${language}`)}
              value={fields.terms[language]}
              onChange={(value) => change({ terms: { ...fields.terms, [language]: value } })}
            />
          ))}
        </fieldset>
        <fieldset className={styles.fieldset} disabled={!canEdit}>
          <legend>{t('products.locks')}</legend>
          <Checkbox isSelected={fields.locks} onChange={(locks) => change({ locks })} isDisabled={!canEdit}>
            {t(`products.lock.${lock}`)}
          </Checkbox>
        </fieldset>
        <fieldset className={styles.fieldset} disabled={!canEdit}>
          <legend>{t('products.uploads')}</legend>
          {REQUIRED_UPLOADS.map((upload: RequiredUpload) => (
            <Checkbox
              key={upload}
              isSelected={fields.uploads.has(upload)}
              isDisabled={!canEdit}
              onChange={(selected) => {
                const uploads = new Set(fields.uploads);
                if (selected) uploads.add(upload);
                else uploads.delete(upload);
                change({ uploads });
              }}
            >
              {t(`products.upload.${upload}`)}
            </Checkbox>
          ))}
        </fieldset>
        <fieldset className={styles.fieldset} disabled={!canEdit}>
          <legend>{t('products.bands')}</legend>
          <p className={styles.muted}>{t('products.bandsHelp', { currency: product.currency })}</p>
          {fields.bands.map((band, index) => {
            const last = index === fields.bands.length - 1;
            return (
              <div key={band.key} className={styles.band}>
                <TextField
                  label={t('products.maxPrice', { number: index + 1 })}
                  description={last ? t('products.lastBand') : undefined}
                  inputMode="numeric"
                  value={band.maxPrice}
                  onChange={(maxPrice) => setBand(index, { maxPrice })}
                  isDisabled={!canEdit}
                />
                <TextField
                  label={t('products.premium', { number: index + 1 })}
                  inputMode="numeric"
                  value={band.premium}
                  onChange={(premium) => setBand(index, { premium })}
                  isDisabled={!canEdit}
                />
                {canEdit && fields.bands.length > 1 ? (
                  <Button
                    variant="secondary"
                    size="small"
                    onPress={() => change({ bands: fields.bands.filter((_, at) => at !== index) })}
                  >
                    {t('products.removeBand', { number: index + 1 })}
                  </Button>
                ) : null}
              </div>
            );
          })}
          {canEdit ? (
            <div className={styles.actions}>
              <Button
                variant="secondary"
                size="small"
                onPress={() =>
                  change({ bands: [...fields.bands, { key: ++bandKeys, maxPrice: '', premium: '' }] })
                }
              >
                {t('products.addBand')}
              </Button>
            </div>
          ) : null}
        </fieldset>
        <fieldset className={styles.fieldset} disabled={!canEdit}>
          <legend>{t('products.surcharges')}</legend>
          <div className={styles.surcharges}>
            {BIKE_CATEGORIES.map((category) => (
              <TextField
                key={category}
                label={t('products.surcharge', {
                  category: t(`common:bike.categories.${category}`, { defaultValue: category }),
                })}
                inputMode="numeric"
                isOptional
                value={fields.surcharges[category] ?? ''}
                onChange={(value) => change({ surcharges: { ...fields.surcharges, [category]: value } })}
                isDisabled={!canEdit}
              />
            ))}
            <TextField
              label={t('products.electric')}
              inputMode="numeric"
              value={fields.electric}
              onChange={(electric) => change({ electric })}
              isDisabled={!canEdit}
            />
          </div>
        </fieldset>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {saved ? <Alert tone="success">{t('products.saved', { name })}</Alert> : null}
        {canEdit ? (
          <div className={styles.actions}>
            <Button type="submit" isPending={update.isPending}>
              {t('products.save')}
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}

/**
 * /insurance/{insurerPartyId}/admin/products — the insurer's covers: terms, accepted locks, what a
 * holder must upload and the tariff. Its admins change them; its other staff read them.
 */
export function Component() {
  const { t } = useTranslation(['insurer-admin', 'common']);
  const insurerPartyId = useParams().insurerPartyId ?? '';
  const { data: insurer } = useAdminInsurer(insurerPartyId);
  const { data: products } = useAdminProducts(insurerPartyId);
  const canEdit = insurer.role === 'admin';

  return (
    <PageLayout title={t('products.title')} lead={t('products.lead', { name: insurer.name })}>
      <div className={styles.stack}>
        <p>
          <Link href={paths.insurance.admin.getHref({ insurerPartyId })}>{t('bike.back')}</Link>
        </p>
        {canEdit ? null : <Alert tone="info">{t('products.adminsOnly')}</Alert>}
        {products.length === 0 ? <p>{t('products.none')}</p> : null}
        {products.map((product) => (
          <ProductForm
            key={product.cover_kind}
            insurerPartyId={insurerPartyId}
            product={product}
            canEdit={canEdit}
          />
        ))}
      </div>
    </PageLayout>
  );
}
