import {
  ACCOUNT_DELETION_CONFIRMATIONS,
  type AccountDeletion,
  AccountDeletionSchema,
} from '@nbr/domain/identity';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { requiresLogin } from '../../../lib/access.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { resetClientState, useSession } from '../../../lib/session.ts';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { ErrorSummary, Form, FormActions, FormCheckbox, useZodForm } from '../../../ui/form.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { useDeleteAccount } from '../api/delete-account.ts';
import { DataExportButton } from '../components/data-export-button.tsx';
import { NotWhileSwitchedPage } from '../components/not-while-switched.tsx';
import styles from '../settings.module.css';

const UNCONFIRMED = Object.fromEntries(ACCOUNT_DELETION_CONFIRMATIONS.map((key) => [key, false])) as Record<
  keyof AccountDeletion,
  boolean
>;

/**
 * Where to go once the account is gone. The in-app page says it best, but the session is gone
 * too: if the shell would send a visitor there to log in, the public page is the place.
 */
function afterDeletionHref(): string {
  const inApp = paths.app.settingsDeleteCompleted.getHref();
  return requiresLogin(inApp) ? paths.auth.successfullyDeleted.getHref() : inApp;
}

export function Component() {
  const { t } = useTranslation('settings');
  const { isSwitched } = useSession();
  // Only the person may delete their account; the API refuses staff using it.
  if (isSwitched) return <NotWhileSwitchedPage title={t('deleteUser.title')} />;
  return <DeleteAccount />;
}

function DeleteAccount() {
  const { t } = useTranslation(['settings', 'common']);
  const navigate = useNavigate();
  const { claims } = useSession();
  const deleteAccount = useDeleteAccount();
  const [confirmed, setConfirmed] = useState<AccountDeletion | null>(null);
  const [summary, setSummary] = useState<string | null>(null);
  const form = useZodForm(AccountDeletionSchema, { defaultValues: UNCONFIRMED as never });

  const onSubmit = form.handleSubmit(
    (confirmations) => {
      setSummary(null);
      setConfirmed(confirmations);
    },
    // SPEC §8: 'please confirm the terms'.
    () => setSummary(t('common:messages.confirmTerms')),
  );

  const erase = async () => {
    if (!confirmed || !claims) return;
    await deleteAccount.mutateAsync({ partyId: claims.identity_party_id, confirmations: confirmed });
    // Leave the signed-in area first: the shell sends anyone who loses the session on a page that
    // needs one to /login. Then nothing of the deleted account may linger in this browser.
    await navigate(afterDeletionHref(), { replace: true });
    resetClientState();
  };

  return (
    <PageLayout title={t('deleteUser.title')} lead={t('deleteUser.intro')} width="reading">
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
        confirmLabel={t('deleteUser.dialogConfirm')}
        cancelLabel={t('deleteUser.dialogCancel')}
        variant="danger"
        onConfirm={erase}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>{t('deleteUser.dialogBody')}</p>
      </ConfirmDialog>
    </PageLayout>
  );
}
