import {
  ACCOUNT_DELETION_CONFIRMATIONS,
  type AccountDeletion,
  AccountDeletionSchema,
} from '@nbr/domain/identity';
import { NATIONAL_IDENTITY_BY_REGION, NATIONAL_IDENTITY_NAMES } from '@nbr/domain/national-identity';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { paths } from '../../../config/paths.ts';
import { useProfile } from '../../../lib/api/identity/get-profile.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useRegion } from '../../../lib/region.ts';
import { resetClientState, useSession } from '../../../lib/session.ts';
import { verificationBeginHref } from '../../../lib/verification-return.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import {
  ErrorSummary,
  Form,
  FormActions,
  FormCheckbox,
  FormPasswordField,
  useZodForm,
} from '../../../ui/form.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useDeleteAccount } from '../api/delete-account.ts';
import { DataExportButton } from '../components/data-export-button.tsx';
import { NotWhileSwitchedPage } from '../components/not-while-switched.tsx';
import styles from '../settings.module.css';

type Confirmations = Omit<AccountDeletion, 'password'>;

const UNCONFIRMED = Object.fromEntries(ACCOUNT_DELETION_CONFIRMATIONS.map((key) => [key, false])) as Record<
  keyof Confirmations,
  boolean
>;
const ALL_CONFIRMED = Object.fromEntries(
  ACCOUNT_DELETION_CONFIRMATIONS.map((key) => [key, true]),
) as Confirmations;

/** An account with a password proves the deletion by typing it (the API checks it). */
const WithPasswordSchema = AccountDeletionSchema.extend({
  password: z.string().min(1, { error: 'required' }),
});

/** The query flag on this page's address that a MitID/BankID approval returns to. */
const DELETE_AFTER_APPROVAL = 'approved';

/** What the page after a deletion is told: the account is gone, even if the session still shows. */
const ACCOUNT_DELETED_STATE = { accountDeleted: true } as const;

export function Component() {
  const { t } = useTranslation('settings');
  const { isSwitched } = useSession();
  // Only the person may delete their account; the API refuses staff using it.
  if (isSwitched) return <NotWhileSwitchedPage title={t('deleteUser.title')} />;
  return <DeleteAccount />;
}

function DeleteAccount() {
  const { t } = useTranslation('settings');
  const profile = useProfile();
  if (!profile.data) {
    return (
      <PageLayout title={t('deleteUser.title')} width="reading">
        <LoadingState label={t('deleteUser.title')} />
      </PageLayout>
    );
  }
  return (
    <DeleteAccountForm email={profile.data.email} needsApproval={profile.data.deletion_needs_approval} />
  );
}

/**
 * The four confirmations of SPEC §5 and a fresh proof that it is the person: their password, or for
 * an account without one (Google sign-in only) a MitID/BankID approval of this deletion, which
 * returns here and carries on with the deletion the person already confirmed.
 */
function DeleteAccountForm({ email, needsApproval }: { email: string; needsApproval: boolean }) {
  const { t } = useTranslation(['settings', 'common']);
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const { region } = useRegion();
  const provider = NATIONAL_IDENTITY_NAMES[NATIONAL_IDENTITY_BY_REGION[region]];
  const { claims } = useSession();
  const deleteAccount = useDeleteAccount();
  const [confirmed, setConfirmed] = useState<AccountDeletion | null>(null);
  const [summary, setSummary] = useState<string | null>(null);
  const [resumeError, setResumeError] = useState<string | null>(null);
  const form = useZodForm(needsApproval ? AccountDeletionSchema : WithPasswordSchema, {
    defaultValues: { ...UNCONFIRMED, password: '' } as never,
  });

  const onSubmit = form.handleSubmit(
    (request) => {
      setSummary(null);
      setConfirmed(request);
    },
    // SPEC §8: 'please confirm the terms'; a missing password is shown at its field.
    (errors) =>
      setSummary(
        Object.keys(errors).some((key) => key !== 'password')
          ? t('common:messages.confirmTerms')
          : t('common:errors.password_required'),
      ),
  );

  const partyId = claims?.identity_party_id;
  const approvalHref = partyId
    ? verificationBeginHref({
        next: paths.app.settingsDeleteUser.getHref({ delete: DELETE_AFTER_APPROVAL }),
        type: 'approval',
        action: 'delete_account',
        object: partyId,
      })
    : null;

  const erase = async (request: AccountDeletion | null) => {
    if (!request || !partyId) return;
    try {
      await deleteAccount.mutateAsync({ partyId, confirmations: request });
    } catch (error) {
      if (isApiError(error) && (error.code === 'wrong_password' || error.code === 'password_required')) {
        // Back to the form: the password is what to correct, beside its field.
        const message = t(`common:errors.${error.code}`);
        setConfirmed(null);
        setSummary(message);
        form.setError('password', { type: 'server', message }, { shouldFocus: true });
        return;
      }
      if (isApiError(error) && error.code === 'approval_required' && approvalHref) {
        await navigate(approvalHref);
        return;
      }
      throw error;
    }
    // Leave the signed-in area first: the shell sends anyone who loses the session on a page that
    // needs one to /login (the farewell page needs none). Then nothing of the deleted account may
    // linger in this browser.
    await navigate(paths.app.settingsDeleteCompleted.getHref(), {
      replace: true,
      state: ACCOUNT_DELETED_STATE,
    });
    resetClientState();
  };

  // Back from an approved check: the person confirmed all four points before leaving for it.
  const approved =
    search.get('delete') === DELETE_AFTER_APPROVAL &&
    (location.state as { verification?: string } | null)?.verification === 'approved';
  const resumed = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: erase is new every render; the ref makes this run once
  useEffect(() => {
    if (!approved || resumed.current) return;
    resumed.current = true;
    erase(ALL_CONFIRMED).catch((error: unknown) => setResumeError(errorMessage(error, t)));
  }, [approved]);

  if (approved && !resumeError) {
    return (
      <PageLayout title={t('deleteUser.title')} width="reading">
        <LoadingState label={t('deleteUser.deleting')} />
      </PageLayout>
    );
  }

  return (
    <PageLayout title={t('deleteUser.title')} lead={t('deleteUser.intro')} width="reading">
      {resumeError ? (
        <Alert tone="error" title={t('deleteUser.failedTitle')}>
          <p>{resumeError}</p>
        </Alert>
      ) : null}
      <Form onSubmit={onSubmit}>
        <ErrorSummary message={summary} />
        <fieldset className={styles.confirmations}>
          <legend>{t('deleteUser.confirmationsLegend')}</legend>
          {ACCOUNT_DELETION_CONFIRMATIONS.map((key) => (
            <div key={key} className={styles.confirmation}>
              <FormCheckbox control={form.control} name={key} id={`delete-${key}`} isRequired>
                {t(`deleteUser.${key}`)}
              </FormCheckbox>
              {key === 'confirm_data_copy' ? (
                <div className={styles.inlineAction}>
                  <DataExportButton />
                </div>
              ) : null}
            </div>
          ))}
        </fieldset>
        {needsApproval ? (
          <p>{t('deleteUser.needsApproval', { provider })}</p>
        ) : (
          <>
            {/* Lets password managers offer the password of the right account. */}
            <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
            <FormPasswordField
              control={form.control}
              name="password"
              label={t('deleteUser.password')}
              description={t('deleteUser.passwordHelp')}
              autoComplete="current-password"
              isRequired
            />
          </>
        )}
        <FormActions>
          <Button type="submit" variant="danger">
            {t('deleteUser.submit')}
          </Button>
          <LinkButton href={paths.app.settings.getHref()} variant="secondary">
            {t('deleteUser.cancel')}
          </LinkButton>
        </FormActions>
      </Form>
      <ConfirmDialog
        isOpen={confirmed !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setConfirmed(null);
        }}
        title={t('deleteUser.dialogTitle')}
        confirmLabel={
          needsApproval
            ? t('deleteUser.dialogConfirmWithProvider', { provider })
            : t('deleteUser.dialogConfirm')
        }
        cancelLabel={t('deleteUser.dialogCancel')}
        variant="danger"
        onConfirm={() => erase(confirmed)}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>{t('deleteUser.dialogBody')}</p>
      </ConfirmDialog>
    </PageLayout>
  );
}
