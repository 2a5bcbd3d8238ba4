import {
  type BackofficeOrganisation,
  type BackofficeOrganisationDetail,
  BackofficeOrganisationFormSchema,
  type BackofficeOrganisationUpdate,
} from '@nbr/domain/backoffice-organisations';
import { ORGANISATION_ROLES, type OrganisationRole } from '@nbr/domain/organisations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { z } from 'zod';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
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
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { Select } from '../../../ui/select.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useOrganisation } from '../api/get-organisation.ts';
import { useRemoveOrganisationMember } from '../api/remove-organisation-member.ts';
import { useSuspendOrganisation } from '../api/suspend-organisation.ts';
import { useUpdateOrganisation } from '../api/update-organisation.ts';
import { useUpdateOrganisationMember } from '../api/update-organisation-member.ts';
import styles from '../backoffice.module.css';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { useStaffContext } from '../staff-context.ts';

/**
 * One organisation in the backoffice: its address and public dealer listing, billing details,
 * suspension and members. Staff edit the details; admins suspend and change members.
 */
export function Component() {
  const { t } = useTranslation(['backoffice', 'organisations']);
  const { organisationId = '' } = useParams();
  const organisation = useOrganisation(organisationId);
  if (organisation.isPending) return <LoadingState />;
  if (organisation.isError) {
    return (
      <LoadErrorPage
        title={t('organisation.title')}
        alertTitle={t('loadFailed')}
        error={organisation.error}
        retry={() => void organisation.refetch()}
      />
    );
  }
  return <OrganisationView organisation={organisation.data} />;
}

function OrganisationView({ organisation }: { organisation: BackofficeOrganisationDetail }) {
  const { t, i18n } = useTranslation(['backoffice', 'organisations']);
  const language = i18n.resolvedLanguage ?? 'da';
  const { staffRole } = useStaffContext();
  const isAdmin = staffRole === 'admin';
  const suspend = useSuspendOrganisation(organisation.party_id);
  const updateMember = useUpdateOrganisationMember(organisation.party_id);
  const removeMember = useRemoveOrganisationMember(organisation.party_id);
  const [dialog, setDialog] = useState<'suspend' | 'unsuspend' | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const memberError = updateMember.error ?? removeMember.error;

  return (
    <PageLayout
      title={organisation.name}
      lead={[
        t(`organisations:types.${organisation.type}`, { defaultValue: organisation.type }),
        organisation.registration_number,
      ]
        .filter(Boolean)
        .join(' · ')}
    >
      <div className={staffPage.stack}>
        {organisation.suspended_at ? (
          <Alert tone="warning" title={t('organisation.suspendedTitle')}>
            <p>
              {t('organisation.suspendedBody', { date: formatDate(organisation.suspended_at, language) })}
            </p>
          </Alert>
        ) : null}
        {isAdmin ? (
          <div className={staffPage.actions}>
            {organisation.suspended_at ? (
              <Button variant="secondary" size="small" onPress={() => setDialog('unsuspend')}>
                {t('organisation.unsuspend')}
              </Button>
            ) : (
              <Button variant="danger" size="small" onPress={() => setDialog('suspend')}>
                {t('organisation.suspend')}
              </Button>
            )}
          </div>
        ) : null}

        <DetailsForm organisation={organisation} />

        <Card title={t('organisation.membersTitle', { count: organisation.members.length })} id="members">
          {memberError ? (
            <Alert tone="error">
              <p>{errorMessage(memberError, t)}</p>
            </Alert>
          ) : null}
          {organisation.members.length === 0 ? (
            <p className={styles.note}>{t('organisation.noMembers')}</p>
          ) : (
            <ul className={styles.rows}>
              {organisation.members.map((member) => (
                <li key={member.identity_party_id} className={styles.row}>
                  <Link
                    href={paths.backoffice.identity.getHref({ identityPartyId: member.identity_party_id })}
                  >
                    {member.name ?? member.email}
                  </Link>{' '}
                  · {member.email} · {t(`organisation.roles.${member.role}`)}
                  {isAdmin ? (
                    <div className={staffPage.actions}>
                      <Select
                        label={t('organisation.roleLabel', { name: member.name ?? member.email })}
                        options={ORGANISATION_ROLES.map((value) => ({
                          value,
                          label: t(`organisation.roles.${value}`),
                        }))}
                        value={member.role}
                        isDisabled={updateMember.isPending}
                        onChange={(value) =>
                          updateMember.mutate({
                            memberPartyId: member.identity_party_id,
                            role: value as OrganisationRole,
                          })
                        }
                      />
                      <Button
                        variant="secondary"
                        size="small"
                        onPress={() => setRemoving(member.identity_party_id)}
                      >
                        {t('organisation.remove')}
                      </Button>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Card>

        <p>
          <Link href={paths.backoffice.organisations.getHref()}>{t('organisation.backToList')}</Link>
        </p>
      </div>

      <ReasonDialog
        isOpen={dialog !== null}
        onOpenChange={(open) => {
          if (!open) setDialog(null);
        }}
        title={dialog === 'unsuspend' ? t('organisation.unsuspendTitle') : t('organisation.suspendTitle')}
        confirmLabel={dialog === 'unsuspend' ? t('organisation.unsuspend') : t('organisation.suspend')}
        variant={dialog === 'unsuspend' ? 'primary' : 'danger'}
        onConfirm={(reason) => suspend.mutateAsync({ suspended: dialog !== 'unsuspend', reason })}
      >
        <p>{dialog === 'unsuspend' ? t('organisation.unsuspendBody') : t('organisation.suspendBody')}</p>
      </ReasonDialog>
      <ConfirmDialog
        isOpen={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t('organisation.removeTitle')}
        confirmLabel={t('organisation.remove')}
        cancelLabel={t('reason.cancel')}
        variant="danger"
        onConfirm={() => (removing ? removeMember.mutateAsync(removing) : undefined)}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>{t('organisation.removeBody')}</p>
      </ConfirmDialog>
    </PageLayout>
  );
}

const TEXT_FIELDS = [
  'name',
  'street_address',
  'postcode',
  'town',
  'phone',
  'website',
  'billing_email',
  'billing_reference',
] as const;
const FORM_FIELDS = [...TEXT_FIELDS, 'latitude', 'longitude', 'listed_as_distributor'] as const;

type DetailsFormValues = z.input<typeof BackofficeOrganisationFormSchema>;

function toFormValues(organisation: BackofficeOrganisation): DetailsFormValues {
  return {
    ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, organisation[field] ?? ''])),
    latitude: organisation.latitude?.toString() ?? '',
    longitude: organisation.longitude?.toString() ?? '',
    listed_as_distributor: organisation.listed_as_distributor,
  };
}

/**
 * Address (placed on the map by postcode, or by coordinates staff enter), listing and billing, saved
 * with PATCH /backoffice/organisations/{id}. Only changed fields are sent.
 */
function DetailsForm({ organisation }: { organisation: BackofficeOrganisationDetail }) {
  const { t } = useTranslation(['backoffice', 'common']);
  const update = useUpdateOrganisation(organisation.party_id);
  const invalidFormMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useZodForm(BackofficeOrganisationFormSchema, { defaultValues: toFormValues(organisation) });
  const { dirtyFields, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(
    async (output) => {
      setSummary(null);
      setSaved(false);
      const changes: BackofficeOrganisationUpdate = Object.fromEntries(
        [...TEXT_FIELDS, 'listed_as_distributor' as const]
          .filter((field) => dirtyFields[field])
          .map((field) => [field, output[field]]),
      );
      // Coordinates typed by staff win and go together; a new postcode alone lets the API place it.
      if (dirtyFields.latitude || dirtyFields.longitude) {
        changes.latitude = output.latitude;
        changes.longitude = output.longitude;
      }
      try {
        const updated = await update.mutateAsync(changes);
        form.reset(toFormValues(updated));
        setSaved(true);
      } catch (error) {
        setSummary({ message: applyApiError(error, form.setError, t, FORM_FIELDS) });
      }
    },
    (errors) => setSummary(invalidFormMessage(errors)),
  );

  return (
    <Card title={t('organisation.detailsTitle')} id="details">
      <Form onSubmit={onSubmit} aria-label={t('organisation.detailsTitle')}>
        <div className={staffPage.stack}>
          <ErrorSummary title={summary?.title} message={summary?.message} />
          <div className={styles.formGrid}>
            {TEXT_FIELDS.map((field) => (
              <FormTextField
                key={field}
                control={form.control}
                name={field}
                label={t(`organisation.fields.${field}`)}
                {...(field === 'postcode' ? { description: t('organisation.postcodeHint') } : {})}
              />
            ))}
            <FormTextField
              control={form.control}
              name="latitude"
              label={t('organisation.fields.latitude')}
              inputMode="decimal"
            />
            <FormTextField
              control={form.control}
              name="longitude"
              label={t('organisation.fields.longitude')}
              inputMode="decimal"
            />
          </div>
          {organisation.type === 'dealer' ? (
            <FormCheckbox control={form.control} name="listed_as_distributor">
              {t('organisation.listed')}
            </FormCheckbox>
          ) : null}
          {saved && !isDirty ? (
            <Alert tone="success">
              <p>{t('organisation.saved')}</p>
            </Alert>
          ) : null}
          <FormActions>
            <Button type="submit" isPending={update.isPending}>
              {t('organisation.save')}
            </Button>
          </FormActions>
        </div>
      </Form>
    </Card>
  );
}
