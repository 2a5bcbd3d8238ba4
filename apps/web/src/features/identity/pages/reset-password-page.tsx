import { NewPasswordFormSchema, PASSWORD_RESET_TTL_MINUTES } from '@nbr/domain/identity';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import {
  applyApiError,
  ErrorSummary,
  Form,
  FormActions,
  FormPasswordField,
  useInvalidFormMessage,
  useZodForm,
} from '../../../ui/form.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { useResetPassword } from '../api/reset-password.ts';
import styles from '../auth.module.css';

export function Component() {
  const { t } = useTranslation(['auth', 'common']);
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code')?.trim() ?? '';

  if (!code) {
    return (
      <PageLayout title={t('resetPassword.missingCodeTitle')} width="form">
        <div className={styles.panel}>
          <p>{t('resetPassword.missingCode')}</p>
          <LinkButton href={paths.auth.forgotPassword.getHref()}>{t('resetPassword.newLink')}</LinkButton>
        </div>
      </PageLayout>
    );
  }
  return <ResetPasswordForm code={code} />;
}

function ResetPasswordForm({ code }: { code: string }) {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const invalidFormMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const [linkFailed, setLinkFailed] = useState(false);
  const failedRef = useRef<HTMLDivElement>(null);
  const form = useZodForm(NewPasswordFormSchema, {
    defaultValues: { new_password: '', new_password_repeat: '' },
  });

  useEffect(() => {
    if (linkFailed) failedRef.current?.focus();
  }, [linkFailed]);

  const onSubmit = form.handleSubmit(
    async ({ new_password }) => {
      setSummary(null);
      setLinkFailed(false);
      try {
        await resetPassword.mutateAsync({ code, newPassword: new_password });
        // Every session of the account has just been revoked, this browser's included.
        sessionStore.clear();
        navigate(paths.auth.resetPasswordSuccess.getHref(), { replace: true });
      } catch (error) {
        if (isApiError(error) && error.code === 'password_reset_failed') {
          setLinkFailed(true);
          return;
        }
        setSummary({ message: applyApiError(error, form.setError, t, ['new_password']) });
      }
    },
    (errors) => setSummary(invalidFormMessage(errors)),
  );

  return (
    <PageLayout title={t('resetPassword.title')} lead={t('resetPassword.intro')} width="form">
      <div className={styles.panel}>
        <Form onSubmit={onSubmit}>
          {linkFailed ? (
            <Alert ref={failedRef} tone="error" title={t('resetPassword.failed')} tabIndex={-1}>
              <p>{t('resetPassword.failedHelp', { minutes: PASSWORD_RESET_TTL_MINUTES })}</p>
              <p>
                <Link href={paths.auth.forgotPassword.getHref()}>{t('resetPassword.newLink')}</Link>
              </p>
            </Alert>
          ) : null}
          <ErrorSummary title={summary?.title} message={summary?.message} />
          <FormPasswordField
            control={form.control}
            name="new_password"
            label={t('fields.newPassword')}
            description={t('passwordRules')}
            autoComplete="new-password"
            isRequired
          />
          <FormPasswordField
            control={form.control}
            name="new_password_repeat"
            label={t('fields.newPasswordRepeat')}
            autoComplete="new-password"
            isRequired
          />
          <FormActions>
            <Button type="submit" fullWidth isPending={resetPassword.isPending}>
              {t('resetPassword.submit')}
            </Button>
          </FormActions>
        </Form>
      </div>
    </PageLayout>
  );
}
