import { PasswordResetRequestSchema } from '@nbr/domain/identity';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Button } from '../../../ui/button.tsx';
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
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import styles from '../auth.module.css';
import { passwordResetEmail, rememberPasswordResetEmail } from '../password-reset-email.ts';

export function Component() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const requestReset = useRequestPasswordReset();
  const invalidFormMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const form = useZodForm(PasswordResetRequestSchema, { defaultValues: { email: '' } });
  // Coming from login (or "use another address"), the address typed there is filled in already:
  // once the page runs in the browser, for that address is this tab's alone (issue 31).
  const { resetField } = form;
  useEffect(() => {
    const remembered = passwordResetEmail();
    if (remembered) resetField('email', { defaultValue: remembered });
  }, [resetField]);

  const onSubmit = form.handleSubmit(
    async ({ email }) => {
      setSummary(null);
      try {
        await requestReset.mutateAsync(email);
        rememberPasswordResetEmail(email);
        navigate(paths.auth.forgotPasswordCheckMail.getHref());
      } catch (error) {
        setSummary({ message: applyApiError(error, form.setError, t, ['email']) });
      }
    },
    (errors) => setSummary(invalidFormMessage(errors)),
  );

  return (
    <PageLayout title={t('forgotPassword.title')} lead={t('forgotPassword.intro')} width="form">
      <div className={styles.panel}>
        <Form onSubmit={onSubmit}>
          <ErrorSummary title={summary?.title} message={summary?.message} />
          <FormTextField
            control={form.control}
            name="email"
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            isRequired
          />
          <FormActions>
            <Button type="submit" fullWidth isPending={requestReset.isPending}>
              {t('forgotPassword.submit')}
            </Button>
          </FormActions>
        </Form>
      </div>
      <p>
        <Link href={paths.auth.login.getHref()}>{t('forgotPassword.backToLogin')}</Link>
      </p>
    </PageLayout>
  );
}
