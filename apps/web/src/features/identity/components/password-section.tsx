import { PasswordChangeSchema } from '@nbr/domain/identity';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import {
  applyApiError,
  ErrorSummary,
  Form,
  FormActions,
  FormPasswordField,
  useInvalidFormMessage,
  useZodForm,
} from '../../../ui/form.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { NotWhileSwitched } from './not-while-switched.tsx';

const PasswordChangeFormSchema = PasswordChangeSchema.extend({ new_password_repeat: z.string() }).refine(
  (form) => form.new_password === form.new_password_repeat,
  { error: 'passwords_do_not_match', path: ['new_password_repeat'] },
);

const EMPTY = { current_password: '', new_password: '', new_password_repeat: '' };

/** Changing the password ends every other session; this one carries on with the token the API answers. */
export function PasswordSection({ email }: { email: string }) {
  const { isSwitched } = useSession();
  const { t } = useTranslation('settings');
  if (isSwitched) {
    return (
      <Card title={t('password.title')} id="password">
        <NotWhileSwitched />
      </Card>
    );
  }
  return <PasswordForm email={email} />;
}

function PasswordForm({ email }: { email: string }) {
  const { t } = useTranslation(['settings', 'common']);
  const { replaceToken } = useSession();
  const changePassword = useChangePassword();
  const invalidFormMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const [isChanged, setChanged] = useState(false);
  const form = useZodForm(PasswordChangeFormSchema, { defaultValues: EMPTY });

  const onSubmit = form.handleSubmit(
    async ({ current_password, new_password }) => {
      setSummary(null);
      setChanged(false);
      try {
        replaceToken(await changePassword.mutateAsync({ current_password, new_password }));
        form.reset(EMPTY);
        setChanged(true);
      } catch (error) {
        if (isApiError(error) && error.code === 'invalid_credentials') {
          const message = t('password.wrongCurrent');
          form.setError('current_password', { type: 'server', message }, { shouldFocus: true });
          setSummary({ message });
          return;
        }
        setSummary({
          message: applyApiError(error, form.setError, t, ['current_password', 'new_password']),
        });
      }
    },
    (errors) => setSummary(invalidFormMessage(errors)),
  );

  return (
    <Card title={t('password.title')} id="password">
      <Form onSubmit={onSubmit} aria-label={t('password.title')}>
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <ErrorSummary title={summary?.title} message={summary?.message} />
        {isChanged ? <Alert tone="success">{t('password.changed')}</Alert> : null}
        <FormPasswordField
          control={form.control}
          name="current_password"
          label={t('password.current')}
          autoComplete="current-password"
          isRequired
        />
        <FormPasswordField
          control={form.control}
          name="new_password"
          label={t('password.new')}
          description={t('password.rules')}
          autoComplete="new-password"
          isRequired
        />
        <FormPasswordField
          control={form.control}
          name="new_password_repeat"
          label={t('password.repeat')}
          autoComplete="new-password"
          isRequired
        />
        <FormActions>
          <Button type="submit" variant="secondary" isPending={changePassword.isPending}>
            {t('password.submit')}
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}
