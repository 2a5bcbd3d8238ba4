import {
  type NationalIdentityCheck,
  type PersonDetail,
  type PersonProfile,
  type PersonUpdate,
  PersonUpdateSchema,
} from '@nbr/domain/backoffice-people';
import { CHOOSABLE_LANGUAGES, type Currency } from '@nbr/domain/locale';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { z } from 'zod';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { switchAccount } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';
import {
  applyApiError,
  ErrorSummary,
  Form,
  FormActions,
  FormTextField,
  useInvalidFormMessage,
  useZodForm,
} from '../../../ui/form.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { Select } from '../../../ui/select.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useBlockPerson } from '../api/block-person.ts';
import { usePerson } from '../api/get-person.ts';
import { useReadNationalIdentity } from '../api/read-national-identity.ts';
import { useResendPersonMail } from '../api/resend-person-mail.ts';
import { useSwitchUser } from '../api/switch-user.ts';
import { useUnblockPerson } from '../api/unblock-person.ts';
import { useUpdatePerson } from '../api/update-person.ts';
import { auditActionLabel } from '../audit-action-label.ts';
import styles from '../backoffice.module.css';
import { PersonReferrals } from '../components/person-referrals.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { personValueLabel } from '../person-value-label.ts';

type Dialog = 'switch' | 'block' | 'unblock' | 'national' | null;

/**
 * One person in the backoffice: who they are, their bikes, orders, consents, sessions and (admins)
 * the audit trail about them; correcting details, blocking, mailing links again and switching in.
 * Opening the page is an audited look-up; what the staff member's role may not do is not offered.
 */
export function Component() {
  const { t } = useTranslation('backoffice');
  const { identityPartyId = '' } = useParams();
  const person = usePerson(identityPartyId);
  if (person.isPending) return <LoadingState label={t('person.loading')} />;
  if (person.isError) {
    return (
      <LoadErrorPage
        title={t('person.title')}
        alertTitle={t('loadFailed')}
        error={person.error}
        retry={() => void person.refetch()}
      />
    );
  }
  return <PersonView detail={person.data} />;
}

function PersonView({ detail }: { detail: PersonDetail }) {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.resolvedLanguage ?? 'da';
  const { profile, capabilities } = detail;
  const partyId = profile.identity_party_id;
  const can = (capability: (typeof capabilities)[number]) => capabilities.includes(capability);
  const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ') || t('identities.unnamed');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [checks, setChecks] = useState<NationalIdentityCheck[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const switchUser = useSwitchUser();
  const block = useBlockPerson(partyId);
  const unblock = useUnblockPerson(partyId);
  const resend = useResendPersonMail(partyId);
  const readNational = useReadNationalIdentity(partyId);
  const isStaff = profile.staff_role !== null;

  const sendMail = (mail: 'email_verification' | 'password_reset') => {
    setNotice(null);
    resend.mutate(mail, {
      onSuccess: () =>
        setNotice(mail === 'password_reset' ? t('person.resetSent') : t('person.verificationSent')),
    });
  };

  return (
    <PageLayout title={name}>
      <div className={staffPage.stack}>
        <p className={styles.email}>
          <EmailAddress plain>{profile.email}</EmailAddress>
        </p>
        <ul className={styles.badges} aria-label={t('person.statusLabel')}>
          {profile.blocked_at ? (
            <li className={`${styles.badge} ${styles.badgeBlocked}`}>
              {t('person.blockedSince', { date: formatDate(profile.blocked_at, language) })}
            </li>
          ) : null}
          <li
            className={[styles.badge, profile.verified_on && styles.badgeVerified].filter(Boolean).join(' ')}
          >
            {profile.verified_on
              ? t('identities.verifiedOn', { date: formatDate(profile.verified_on, language) })
              : t('identities.notVerified')}
          </li>
          <li className={styles.badge}>
            {profile.email_verified ? t('person.emailConfirmed') : t('person.emailNotConfirmed')}
          </li>
          {isStaff ? <li className={`${styles.badge} ${styles.badgeStaff}`}>{t('person.isStaff')}</li> : null}
        </ul>

        {notice ? (
          <Alert tone="success">
            <p>{notice}</p>
          </Alert>
        ) : null}
        {resend.isError ? (
          <Alert tone="error">
            <p>{errorMessage(resend.error, t)}</p>
          </Alert>
        ) : null}

        {isStaff ? null : (
          <Card title={t('person.actionsTitle')} id="actions">
            <div className={staffPage.actions}>
              {can('switch_user') && !profile.blocked_at ? (
                <Button variant="secondary" size="small" onPress={() => setDialog('switch')}>
                  {t('identities.switch')}
                </Button>
              ) : null}
              {can('resend_mails') && (!profile.email_verified || profile.pending_email) ? (
                <Button
                  variant="secondary"
                  size="small"
                  isPending={resend.isPending && resend.variables === 'email_verification'}
                  onPress={() => sendMail('email_verification')}
                >
                  {t('person.resendVerification')}
                </Button>
              ) : null}
              {can('resend_mails') ? (
                <Button
                  variant="secondary"
                  size="small"
                  isPending={resend.isPending && resend.variables === 'password_reset'}
                  onPress={() => sendMail('password_reset')}
                >
                  {t('person.sendReset')}
                </Button>
              ) : null}
              {can('block') ? (
                profile.blocked_at ? (
                  <Button variant="secondary" size="small" onPress={() => setDialog('unblock')}>
                    {t('person.unblock')}
                  </Button>
                ) : (
                  <Button variant="danger" size="small" onPress={() => setDialog('block')}>
                    {t('person.block')}
                  </Button>
                )
              ) : null}
            </div>
          </Card>
        )}

        {isStaff ? null : <ProfileForm detail={detail} />}

        <Card title={t('person.bikesTitle', { count: detail.bikes.length })} id="bikes">
          {detail.bikes.length === 0 ? (
            <p className={styles.note}>{t('person.noBikes')}</p>
          ) : (
            <ul className={styles.rows}>
              {detail.bikes.map((bike) => (
                <li key={bike.bike_id} className={styles.row}>
                  <strong>{bike.nickname}</strong>
                  {[bike.brand, bike.model].filter(Boolean).length > 0
                    ? ` · ${[bike.brand, bike.model].filter(Boolean).join(' ')}`
                    : ''}
                  <br />
                  {t('person.bikeFacts', {
                    frameNumber: bike.frame_number ?? '–',
                    status: personValueLabel('bikeStatus', bike.status, t),
                    date: formatDate(bike.registered_at, language),
                  })}
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card title={t('person.ordersTitle', { count: detail.orders.length })} id="orders">
          {detail.orders.length === 0 ? (
            <p className={styles.note}>{t('person.noOrders')}</p>
          ) : (
            <ul className={styles.rows}>
              {detail.orders.map((order) => (
                <li key={order.order_id} className={styles.row}>
                  {formatDate(order.created_at, language)} ·{' '}
                  {formatMoney(order.total_minor, order.currency as Currency, language)} ·{' '}
                  {t('person.orderStatus', {
                    status: personValueLabel('orderStatus', order.status, t),
                    shipment: personValueLabel('shipment', order.shipment_status, t),
                  })}
                </li>
              ))}
            </ul>
          )}
        </Card>

        <PersonReferrals partyId={partyId} />

        <Card title={t('person.consentsTitle')} id="consents">
          {detail.consents.length === 0 ? (
            <p className={styles.note}>{t('person.noConsents')}</p>
          ) : (
            <ul className={styles.rows}>
              {detail.consents.map((consent) => (
                <li key={consent.type} className={styles.row}>
                  {t('person.consent', {
                    type: personValueLabel('consentType', consent.type, t),
                    answer: consent.granted ? t('person.granted') : t('person.refused'),
                    date: formatDate(consent.decided_at, language),
                  })}
                </li>
              ))}
            </ul>
          )}
        </Card>

        <Card title={t('person.sessionsTitle', { count: detail.sessions.length })} id="sessions">
          {detail.sessions.length === 0 ? (
            <p className={styles.note}>{t('person.noSessions')}</p>
          ) : (
            <ul className={styles.rows}>
              {detail.sessions.map((session) => (
                <li key={session.session_id} className={styles.row}>
                  {t('person.session', {
                    started: formatDate(session.created_at, language),
                    used: formatDate(session.refreshed_at, language),
                  })}
                  {session.switched_by_party_id ? ` · ${t('person.switchedSession')}` : ''}
                  {session.user_agent ? (
                    <>
                      <br />
                      <span className={styles.note}>{session.user_agent}</span>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Card>

        {can('read_national_identity') ? (
          <Card title={t('person.nationalTitle')} id="national-identity">
            {checks === null ? (
              <>
                <p className={styles.note}>{t('person.nationalBody')}</p>
                <Button variant="secondary" size="small" onPress={() => setDialog('national')}>
                  {t('person.nationalRead')}
                </Button>
              </>
            ) : checks.length === 0 ? (
              <p className={styles.note}>{t('person.nationalNone')}</p>
            ) : (
              <ul className={styles.rows}>
                {checks.map((check) => (
                  <li key={check.checked_at} className={styles.row}>
                    {t('person.nationalCheck', {
                      provider: personValueLabel('provider', check.provider, t),
                      name: check.name ?? '–',
                      birthDate: check.birth_date ? formatDate(check.birth_date, language) : '–',
                      date: formatDate(check.checked_at, language),
                    })}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        ) : null}

        {detail.audit_trail ? (
          <Card title={t('person.trailTitle')} id="audit-trail">
            {detail.audit_trail.length === 0 ? (
              <p className={styles.note}>{t('person.noTrail')}</p>
            ) : (
              <ul className={styles.rows}>
                {detail.audit_trail.map((event) => (
                  <li key={event.id} className={styles.row}>
                    <strong>{auditActionLabel(event.action, t)}</strong> ·{' '}
                    {formatDate(event.created_at, language)}
                    {typeof event.details?.reason === 'string' ? (
                      <>
                        <br />
                        {t('person.trailReason', { reason: event.details.reason })}
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        ) : null}

        <p>
          <Link href={paths.backoffice.identities.getHref()}>{t('person.backToSearch')}</Link>
        </p>
      </div>

      <ReasonDialog
        isOpen={dialog === 'switch'}
        onOpenChange={(open) => setDialog(open ? 'switch' : null)}
        title={t('identities.switchTitle', { email: profile.email })}
        confirmLabel={t('identities.switch')}
        onConfirm={async (reason) => {
          const token = await switchUser.mutateAsync({ identityPartyId: partyId, reason });
          switchAccount(token, paths.app.home.getHref());
        }}
      >
        <p>{t('identities.switchBody')}</p>
      </ReasonDialog>
      <ReasonDialog
        isOpen={dialog === 'block'}
        onOpenChange={(open) => setDialog(open ? 'block' : null)}
        title={t('person.blockTitle', { email: profile.email })}
        confirmLabel={t('person.block')}
        variant="danger"
        onConfirm={(reason) => block.mutateAsync(reason)}
      >
        <p>{t('person.blockBody')}</p>
      </ReasonDialog>
      <ReasonDialog
        isOpen={dialog === 'unblock'}
        onOpenChange={(open) => setDialog(open ? 'unblock' : null)}
        title={t('person.unblockTitle', { email: profile.email })}
        confirmLabel={t('person.unblock')}
        onConfirm={(reason) => unblock.mutateAsync(reason)}
      />
      <ReasonDialog
        isOpen={dialog === 'national'}
        onOpenChange={(open) => setDialog(open ? 'national' : null)}
        title={t('person.nationalTitle')}
        confirmLabel={t('person.nationalRead')}
        onConfirm={async (reason) => setChecks(await readNational.mutateAsync(reason))}
      >
        <p>{t('person.nationalBody')}</p>
      </ReasonDialog>
    </PageLayout>
  );
}

/** The details support corrects; admins also the e-mail address (`edit_email`). */
const PROFILE_FIELDS = [
  'first_name',
  'last_name',
  'mobile',
  'phone',
  'street_address',
  'zip_code',
  'city',
] as const;
const PHONE_FIELDS: ReadonlySet<string> = new Set(['mobile', 'phone']);
type EditableField = (typeof PROFILE_FIELDS)[number] | 'language' | 'email';

type PersonFormValues = z.input<typeof PersonUpdateSchema>;

function toFormValues(profile: PersonProfile, canEditEmail: boolean): PersonFormValues {
  return {
    ...Object.fromEntries(PROFILE_FIELDS.map((field) => [field, profile[field] ?? ''])),
    // Icelandic is not offered to choose; the list shows English, the language it falls back to.
    language: profile.language === 'is' ? 'en' : profile.language,
    ...(canEditEmail ? { email: profile.email } : {}),
    reason: '',
  };
}

/**
 * Correcting the person's details with PATCH /backoffice/identities/{id}: only changed fields are
 * sent, every save names its reason; the e-mail address only for admins.
 */
function ProfileForm({ detail }: { detail: PersonDetail }) {
  const { t } = useTranslation(['backoffice', 'common']);
  const { profile } = detail;
  const update = useUpdatePerson(profile.identity_party_id);
  const invalidFormMessage = useInvalidFormMessage();
  const canEditEmail = detail.capabilities.includes('edit_email');
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useZodForm(PersonUpdateSchema, { defaultValues: toFormValues(profile, canEditEmail) });
  const { dirtyFields, isDirty } = form.formState;
  const language = useController({ control: form.control, name: 'language' });
  const editable: EditableField[] = [
    ...PROFILE_FIELDS,
    'language',
    ...(canEditEmail ? ['email' as const] : []),
  ];

  const onSubmit = form.handleSubmit(
    async (output) => {
      setSummary(null);
      setSaved(false);
      const changes: PersonUpdate = {
        ...Object.fromEntries(
          editable.filter((field) => dirtyFields[field]).map((field) => [field, output[field]]),
        ),
        reason: output.reason,
      };
      try {
        const person = await update.mutateAsync(changes);
        form.reset(toFormValues(person, canEditEmail));
        setSaved(true);
      } catch (error) {
        setSummary({ message: applyApiError(error, form.setError, t, [...editable, 'reason']) });
      }
    },
    (errors) => setSummary(invalidFormMessage(errors)),
  );

  return (
    <Card title={t('person.editTitle')} id="edit">
      <Form onSubmit={onSubmit} aria-label={t('person.editTitle')}>
        <div className={staffPage.stack}>
          <ErrorSummary title={summary?.title} message={summary?.message} />
          <div className={styles.formGrid}>
            {PROFILE_FIELDS.map((field) => (
              <FormTextField
                key={field}
                control={form.control}
                name={field}
                label={t(`person.fields.${field}`)}
                {...(PHONE_FIELDS.has(field) ? { type: 'tel', inputMode: 'tel' } : {})}
              />
            ))}
            <Select
              label={t('person.fields.language')}
              name={language.field.name}
              value={language.field.value}
              onChange={language.field.onChange}
              onBlur={language.field.onBlur}
              error={language.fieldState.error?.message}
              options={CHOOSABLE_LANGUAGES.map((value) => ({ value, label: t(`common:languages.${value}`) }))}
            />
            {canEditEmail ? (
              <FormTextField
                control={form.control}
                name="email"
                label={t('person.fields.email')}
                description={t('person.emailHint')}
                type="email"
                inputMode="email"
              />
            ) : null}
          </div>
          <FormTextField
            control={form.control}
            name="reason"
            label={t('reason.label')}
            description={t('reason.hint')}
            isRequired
          />
          {saved && !isDirty ? (
            <Alert tone="success">
              <p>{t('person.saved')}</p>
            </Alert>
          ) : null}
          <FormActions>
            <Button type="submit" isPending={update.isPending}>
              {t('person.save')}
            </Button>
          </FormActions>
        </div>
      </Form>
    </Card>
  );
}
