import { isNorwegianUnitNumber, type Profile, ProfileUpdateSchema } from '@nbr/domain/identity';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { DRAFT_PREFIX, readJson, writeJson } from '../../../lib/storage.ts';
import { useUnsavedChangesGuard } from '../../../lib/unsaved-changes.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Dialog, DialogActions } from '../../../ui/dialog.tsx';
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
import type { TextFieldProps } from '../../../ui/text-field.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';
import styles from '../settings.module.css';

const FIELDS = [
  'first_name',
  'last_name',
  'email',
  'mobile',
  'phone',
  'club_membership_number',
  'street_address',
  'floor',
  'side',
  'door',
  'zip_code',
  'city',
] as const;
type FieldName = (typeof FIELDS)[number];
type FormValues = Record<FieldName, string>;
type FieldExtras = Omit<
  TextFieldProps,
  'value' | 'onChange' | 'onBlur' | 'name' | 'error' | 'inputRef' | 'label'
>;

const ProfileFormSchema = ProfileUpdateSchema.pick(
  Object.fromEntries(FIELDS.map((field) => [field, true])) as Record<FieldName, true>,
).required({ email: true });

/**
 * A Norwegian address has a bolignummer (H0101) where a Danish one has floor, side and door: the
 * form for region no asks for that one field (kept in `door`) and checks its form.
 */
function profileFormSchema(region: Profile['region'], invalidUnitNumber: string) {
  if (region !== 'no') return ProfileFormSchema;
  return ProfileFormSchema.superRefine((values, ctx) => {
    if (values.door && !isNorwegianUnitNumber(values.door)) {
      ctx.addIssue({ code: 'custom', path: ['door'], message: invalidUnitNumber });
    }
  });
}

function toFormValues(profile: Profile): FormValues {
  return Object.fromEntries(FIELDS.map((field) => [field, profile[field] ?? ''])) as FormValues;
}

/** Unsaved edits survive a reload or a closed tab, per account; signing out wipes them. */
function draftKey(partyId: string): string {
  return `${DRAFT_PREFIX}settings-profile:${partyId}`;
}

function readDraft(partyId: string): Partial<FormValues> | null {
  const draft = readJson<Partial<FormValues>>(draftKey(partyId));
  return draft && typeof draft === 'object' ? draft : null;
}

type Outcome = { kind: 'saved' } | { kind: 'partial'; email: string } | { kind: 'unchanged' };

/**
 * Personal information and address, saved together with PUT /identities/me. Only changed fields are
 * sent. A changed e-mail is confirmed by a link, so the save can be partial; the answer says so.
 */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['settings', 'common']);
  const updateProfile = useUpdateProfile();
  const { isSwitched } = useSession();
  const invalidFormMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [draftRestored, setDraftRestored] = useState(false);
  const isNorway = profile.region === 'no';
  const schema = useMemo(
    () => profileFormSchema(profile.region, t('address.unitNumberInvalid')),
    [profile.region, t],
  );
  const form = useZodForm(schema, { defaultValues: toFormValues(profile) });
  const { isDirty, dirtyFields } = form.formState;
  const values = useWatch({ control: form.control });

  // Bring back an unsaved draft once, when the page opens.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const draft = readDraft(profile.party_id);
    if (!draft) return;
    const current = toFormValues(profile);
    let changed = false;
    for (const field of FIELDS) {
      const value = draft[field];
      if (typeof value === 'string' && value !== current[field]) {
        form.setValue(field, value, { shouldDirty: true });
        changed = true;
      }
    }
    if (changed) setDraftRestored(true);
    else writeJson(draftKey(profile.party_id), null);
  }, [form, profile]);

  // Keep the draft in step with what is typed; a form that matches the account needs no draft.
  useEffect(() => {
    if (!restored.current) return;
    writeJson(draftKey(profile.party_id), isDirty ? values : null);
  }, [values, isDirty, profile.party_id]);

  const blocker = useUnsavedChangesGuard(isDirty);

  const discardDraft = () => {
    writeJson(draftKey(profile.party_id), null);
    form.reset(toFormValues(profile));
    setDraftRestored(false);
  };

  const onSubmit = form.handleSubmit(
    async (output) => {
      setSummary(null);
      setOutcome(null);
      const update = Object.fromEntries(
        FIELDS.filter((field) => dirtyFields[field]).map((field) => [field, output[field]]),
      );
      if (Object.keys(update).length === 0) {
        setOutcome({ kind: 'unchanged' });
        return;
      }
      try {
        const saved = await updateProfile.mutateAsync(update);
        writeJson(draftKey(profile.party_id), null);
        setDraftRestored(false);
        form.reset(toFormValues(saved));
        setOutcome(
          saved.save_status === 'partial' && saved.pending_email
            ? { kind: 'partial', email: saved.pending_email }
            : { kind: 'saved' },
        );
      } catch (error) {
        if (isApiError(error) && error.code === 'email_in_use') {
          form.setError('email', { type: 'server', message: t('common:errors.email_in_use') });
        }
        setSummary({ message: applyApiError(error, form.setError, t, FIELDS) });
      }
    },
    (errors) => setSummary(invalidFormMessage(errors)),
  );

  const field = (name: FieldName, label: string, extra: FieldExtras = {}) => (
    <FormTextField control={form.control} name={name} label={label} {...extra} />
  );

  return (
    <div className={styles.formBlock}>
      <Form onSubmit={onSubmit} aria-label={t('personal.title')}>
        <ErrorSummary title={summary?.title} message={summary?.message} />
        {draftRestored ? (
          <Alert tone="info">
            <div className={styles.stack}>
              <p>{t('save.draftRestored')}</p>
              <Button variant="secondary" size="small" onPress={discardDraft}>
                {t('save.discardDraft')}
              </Button>
            </div>
          </Alert>
        ) : null}
        <Card title={t('personal.title')} id="personal">
          <div className={styles.pair}>
            {field('first_name', t('personal.firstName'), { autoComplete: 'given-name' })}
            {field('last_name', t('personal.lastName'), { autoComplete: 'family-name' })}
          </div>
          {field('email', t('personal.email'), {
            type: 'email',
            inputMode: 'email',
            autoComplete: 'email',
            // The API refuses staff using the account an e-mail change: shown, but not editable.
            description: isSwitched ? t('common:switchUser.unavailable') : t('personal.emailHint'),
            isReadOnly: isSwitched,
            isRequired: true,
          })}
          <div className={styles.pair}>
            {field('mobile', t('personal.mobile'), { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
            {field('phone', t('personal.phone'), { type: 'tel', inputMode: 'tel', isOptional: true })}
          </div>
          {field('club_membership_number', t('personal.clubNumber'), {
            description: t('personal.clubNumberHint'),
            isOptional: true,
          })}
          <p>
            <Link href={paths.app.bikesRegisterPurchaseClub.getHref()}>{t('personal.clubNumberLink')}</Link>
          </p>
        </Card>
        <Card title={t('address.title')} id="address">
          <p className={styles.muted}>{t('address.intro')}</p>
          {field('street_address', t('address.street'), { autoComplete: 'address-line1' })}
          {isNorway ? (
            field('door', t('address.unitNumber'), {
              description: t('address.unitNumberHint'),
              isOptional: true,
              autoComplete: 'address-line2',
            })
          ) : (
            <div className={`${styles.pair} ${styles.triple}`}>
              {field('floor', t('address.floor'), { isOptional: true })}
              {field('side', t('address.side'), { isOptional: true })}
              {field('door', t('address.door'), { isOptional: true })}
            </div>
          )}
          <div className={styles.pair}>
            {field('zip_code', t('address.zipCode'), { inputMode: 'numeric', autoComplete: 'postal-code' })}
            {field('city', t('address.city'), { autoComplete: 'address-level2' })}
          </div>
        </Card>
        <SaveOutcome outcome={outcome} />
        <FormActions>
          <Button type="submit" isPending={updateProfile.isPending}>
            {t('save.submit')}
          </Button>
          {isDirty ? <span className={styles.muted}>{t('save.unsavedHint')}</span> : null}
        </FormActions>
      </Form>
      <Dialog
        isOpen={blocker.state === 'blocked'}
        onOpenChange={(isOpen) => {
          if (!isOpen && blocker.state === 'blocked') blocker.reset();
        }}
        title={t('leave.title')}
      >
        <p>{t('leave.body')}</p>
        <DialogActions>
          <Button variant="secondary" onPress={() => blocker.reset?.()}>
            {t('leave.stay')}
          </Button>
          <Button onPress={() => blocker.proceed?.()}>{t('leave.leave')}</Button>
        </DialogActions>
      </Dialog>
    </div>
  );
}

function SaveOutcome({ outcome }: { outcome: Outcome | null }) {
  const { t } = useTranslation('settings');
  if (!outcome) return null;
  if (outcome.kind === 'partial') {
    return (
      <Alert tone="warning" title={t('save.partialTitle')}>
        <p>
          <Trans
            t={t}
            i18nKey="save.partial"
            values={{ email: outcome.email }}
            components={{ strong: <EmailAddress /> }}
          />
        </p>
      </Alert>
    );
  }
  return (
    <Alert tone={outcome.kind === 'saved' ? 'success' : 'info'}>
      {t(`save.${outcome.kind === 'saved' ? 'saved' : 'nothingChanged'}`)}
    </Alert>
  );
}
