import type {
  BackofficeOrganisationDetail,
  BackofficeOrganisationUpdate,
} from '@nbr/domain/backoffice-organisations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { TextField } from '../../../ui/text-field.tsx';
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
                      <Button
                        variant="secondary"
                        size="small"
                        isPending={
                          updateMember.isPending &&
                          updateMember.variables?.memberPartyId === member.identity_party_id
                        }
                        onPress={() =>
                          updateMember.mutate({
                            memberPartyId: member.identity_party_id,
                            role: member.role === 'admin' ? 'member' : 'admin',
                          })
                        }
                      >
                        {member.role === 'admin' ? t('organisation.makeMember') : t('organisation.makeAdmin')}
                      </Button>
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
type TextFieldKey = (typeof TEXT_FIELDS)[number];

/** Address (placed on the map by postcode, or by coordinates staff enter), listing and billing. */
function DetailsForm({ organisation }: { organisation: BackofficeOrganisationDetail }) {
  const { t } = useTranslation('backoffice');
  const update = useUpdateOrganisation(organisation.party_id);
  const [values, setValues] = useState(
    () =>
      ({
        ...Object.fromEntries(TEXT_FIELDS.map((key) => [key, organisation[key] ?? ''])),
        latitude: organisation.latitude?.toString() ?? '',
        longitude: organisation.longitude?.toString() ?? '',
        listed: organisation.listed_as_distributor,
      }) as Record<TextFieldKey | 'latitude' | 'longitude', string> & { listed: boolean },
  );
  const [saved, setSaved] = useState(false);
  const [coordinateError, setCoordinateError] = useState<string | null>(null);
  const issues = isApiError(update.error) ? update.error.issues : [];
  const fieldError = (key: string) =>
    (key === 'latitude' || key === 'longitude' ? coordinateError : null) ??
    issues.find((issue) => issue.loc[issue.loc.length - 1] === key)?.type ??
    null;
  const set = (key: TextFieldKey | 'latitude' | 'longitude') => (value: string) => {
    setSaved(false);
    setCoordinateError(null);
    setValues((current) => ({ ...current, [key]: value }));
  };

  const save = () => {
    const changes: BackofficeOrganisationUpdate = {};
    for (const key of TEXT_FIELDS) {
      if (values[key] !== (organisation[key] ?? ''))
        (changes as Record<string, string | null>)[key] = values[key] || null;
    }
    // Coordinates typed by staff win; a new postcode alone lets the API place the organisation.
    const coordinatesChanged =
      values.latitude !== (organisation.latitude?.toString() ?? '') ||
      values.longitude !== (organisation.longitude?.toString() ?? '');
    if (coordinatesChanged) {
      const latitude = values.latitude.trim() === '' ? null : Number(values.latitude.replace(',', '.'));
      const longitude = values.longitude.trim() === '' ? null : Number(values.longitude.replace(',', '.'));
      if (Number.isNaN(latitude) || Number.isNaN(longitude)) {
        setCoordinateError('invalid_value');
        return;
      }
      changes.latitude = latitude;
      changes.longitude = longitude;
    }
    if (values.listed !== organisation.listed_as_distributor) changes.listed_as_distributor = values.listed;
    update.mutate(changes, { onSuccess: () => setSaved(true) });
  };

  return (
    <Card title={t('organisation.detailsTitle')} id="details">
      <form
        className={staffPage.stack}
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <div className={styles.formGrid}>
          {TEXT_FIELDS.map((key) => (
            <TextField
              key={key}
              label={t(`organisation.fields.${key}`)}
              value={values[key]}
              onChange={set(key)}
              error={fieldError(key)}
              {...(key === 'postcode' ? { description: t('organisation.postcodeHint') } : {})}
            />
          ))}
          <TextField
            label={t('organisation.fields.latitude')}
            inputMode="decimal"
            value={values.latitude}
            onChange={set('latitude')}
            error={fieldError('latitude')}
          />
          <TextField
            label={t('organisation.fields.longitude')}
            inputMode="decimal"
            value={values.longitude}
            onChange={set('longitude')}
            error={fieldError('longitude')}
          />
        </div>
        {organisation.type === 'dealer' ? (
          <Checkbox
            isSelected={values.listed}
            onChange={(listed) => {
              setSaved(false);
              setValues((current) => ({ ...current, listed }));
            }}
          >
            {t('organisation.listed')}
          </Checkbox>
        ) : null}
        {update.isError && issues.length === 0 ? (
          <Alert tone="error">
            <p>{errorMessage(update.error, t)}</p>
          </Alert>
        ) : null}
        {saved ? (
          <Alert tone="success">
            <p>{t('organisation.saved')}</p>
          </Alert>
        ) : null}
        <div className={staffPage.actions}>
          <Button type="submit" isPending={update.isPending}>
            {t('organisation.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
