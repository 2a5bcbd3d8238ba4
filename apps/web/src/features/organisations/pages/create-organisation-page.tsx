import { REGIONS, type Region } from '@nbr/domain/locale';
import {
  OrganisationCreateSchema,
  requiresRegistrationNumber,
  SELF_SERVICE_ORGANISATION_TYPES,
} from '@nbr/domain/organisations';
import { useEffect, useRef, useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useRegion } from '../../../lib/region.ts';
import { useSession } from '../../../lib/session.ts';
import { DRAFT_PREFIX, readJson, writeJson } from '../../../lib/storage.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import {
  applyApiError,
  ErrorSummary,
  Form,
  FormActions,
  FormTextField,
  useInvalidFormMessage,
  useZodForm,
} from '../../../ui/form.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { useCreateOrganisation } from '../api/create-organisation.ts';
import styles from '../organisations.module.css';

const FIELDS = ['name', 'type', 'region', 'registration_number'] as const;

type FormValues = z.input<typeof OrganisationCreateSchema>;

/**
 * What was typed survives the trip to MitID/BankID and back (and a reload), per person; a created
 * organisation or signing out clears it.
 */
function draftKey(partyId: string | undefined): string {
  return `${DRAFT_PREFIX}organisation-create:${partyId ?? 'visitor'}`;
}

function readDraft(partyId: string | undefined): Partial<FormValues> {
  const draft = readJson<Partial<FormValues>>(draftKey(partyId), 'session');
  if (!draft || typeof draft !== 'object') return {};
  return Object.fromEntries(
    FIELDS.filter((field) => typeof draft[field] === 'string').map((field) => [field, draft[field]]),
  ) as Partial<FormValues>;
}

/** /app/organisations/create — a verified person registers a business, club or dealer. */
export function Component() {
  const { t } = useTranslation(['organisations', 'common']);
  const navigate = useNavigate();
  const { region: currentRegion } = useRegion();
  const create = useCreateOrganisation();
  const invalidFormMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const { claims } = useSession();
  // The API needs a verified national identity; say so before anyone fills in the form.
  const [needsVerification, setNeedsVerification] = useState(() => !claims?.verified_on);
  const verifyAlert = useRef<HTMLDivElement>(null);
  const partyId = claims?.identity_party_id;
  const form = useZodForm(OrganisationCreateSchema, {
    defaultValues: {
      name: '',
      type: 'business',
      region: currentRegion,
      registration_number: '',
      ...readDraft(partyId),
    },
  });
  const values = useWatch({ control: form.control });
  useEffect(() => {
    writeJson(draftKey(partyId), values, 'session');
  }, [values, partyId]);
  const type = useController({ control: form.control, name: 'type' });
  const region = useController({ control: form.control, name: 'region' });
  const chosenRegion: Region = region.field.value ?? currentRegion;
  const provider = t(`create.providers.${chosenRegion}`);

  const onSubmit = form.handleSubmit(
    async (values) => {
      setSummary(null);
      setNeedsVerification(false);
      try {
        const organisation = await create.mutateAsync(values);
        writeJson(draftKey(partyId), null, 'session');
        await navigate(paths.app.organisationMembers.getHref({ organisationId: organisation.party_id }));
      } catch (error) {
        if (isApiError(error) && error.code === 'identity_verification_required') {
          setNeedsVerification(true);
          // The notice sits above the form, likely out of view: take the reader there.
          requestAnimationFrame(() => {
            verifyAlert.current?.scrollIntoView({ block: 'center' });
            verifyAlert.current?.focus();
          });
          return;
        }
        if (isApiError(error) && error.code === 'organisation_exists') {
          const message = t('create.exists');
          form.setError('registration_number', { type: 'server', message }, { shouldFocus: true });
          setSummary({ message });
          return;
        }
        setSummary({ message: applyApiError(error, form.setError, t, FIELDS) });
      }
    },
    (errors) => setSummary(invalidFormMessage(errors)),
  );

  return (
    <PageLayout title={t('create.title')} lead={t('create.lead')} width="form">
      <Form onSubmit={onSubmit} aria-label={t('create.title')}>
        <ErrorSummary title={summary?.title} message={summary?.message} />
        {needsVerification ? (
          <Alert
            tone="warning"
            title={t('create.verifyTitle')}
            ref={verifyAlert}
            tabIndex={-1}
            announce="none"
          >
            <div className={styles.stack}>
              <p>{t('create.verifyBody', { provider })}</p>
              <LinkButton
                size="small"
                href={paths.app.redirectVerificationBegin.getHref({
                  type: 'identity_verification',
                  next: paths.app.organisationCreate.getHref(),
                })}
              >
                {t('create.verifyAction', { provider })}
              </LinkButton>
            </div>
          </Alert>
        ) : null}
        <FormTextField
          control={form.control}
          name="name"
          label={t('create.name')}
          autoComplete="organization"
          isRequired
        />
        <RadioGroup
          label={t('create.type')}
          description={t('create.otherTypes')}
          options={SELF_SERVICE_ORGANISATION_TYPES.map((value) => ({
            value,
            label: t(`types.${value}`),
            description: t(`typeDescriptions.${value}`),
          }))}
          value={type.field.value}
          onChange={type.field.onChange}
          onBlur={type.field.onBlur}
          name={type.field.name}
          error={type.fieldState.error?.message}
          isRequired
        />
        <RadioGroup
          label={t('create.region')}
          options={REGIONS.map((value) => ({ value, label: t(`regions.${value}`) }))}
          value={region.field.value}
          onChange={(value) => {
            region.field.onChange(value);
            // The number was checked against the other country's register; check it again.
            if (form.getFieldState('registration_number').isTouched) void form.trigger('registration_number');
          }}
          onBlur={region.field.onBlur}
          name={region.field.name}
          error={region.fieldState.error?.message}
          orientation="horizontal"
          isRequired
        />
        <FormTextField
          control={form.control}
          name="registration_number"
          label={t(`create.registrationNumber.${chosenRegion}`)}
          description={t(`create.registrationNumberHint.${chosenRegion}`)}
          inputMode="numeric"
          isRequired={requiresRegistrationNumber(type.field.value)}
          isOptional={!requiresRegistrationNumber(type.field.value)}
        />
        <FormActions>
          <Button type="submit" isPending={create.isPending}>
            {t('create.submit')}
          </Button>
        </FormActions>
      </Form>
    </PageLayout>
  );
}
