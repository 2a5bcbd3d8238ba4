import { MemberAddSchema, ORGANISATION_ROLES } from '@nbr/domain/organisations';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import {
  applyApiError,
  ErrorSummary,
  Form,
  FormActions,
  FormTextField,
  useInvalidFormMessage,
  useZodForm,
} from '../../../ui/form.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { useAddMember } from '../api/add-member.ts';
import styles from '../organisations.module.css';

const EMPTY = { email: '', role: 'member' as const, first_name: '', last_name: '' };
const FIELDS = ['email', 'role', 'first_name', 'last_name'] as const;

/** Adds a member by e-mail; someone without an account gets an invitation to choose a password. */
export function AddMemberForm({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation(['organisations', 'common']);
  const addMember = useAddMember(organisationId);
  const invalidFormMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const form = useZodForm(MemberAddSchema, { defaultValues: EMPTY });
  const role = useController({ control: form.control, name: 'role' });

  const onSubmit = form.handleSubmit(
    async (values) => {
      setSummary(null);
      setSuccess(null);
      try {
        const member = await addMember.mutateAsync(values);
        form.reset(EMPTY);
        setSuccess(
          member.invitation_pending
            ? t('members.invited', { email: member.email })
            : t('members.added', { email: member.email }),
        );
      } catch (error) {
        if (isApiError(error) && error.code === 'member_exists') {
          const message = t('members.memberExists');
          form.setError('email', { type: 'server', message }, { shouldFocus: true });
          setSummary({ message });
          return;
        }
        setSummary({ message: applyApiError(error, form.setError, t, FIELDS) });
      }
    },
    (errors) => setSummary(invalidFormMessage(errors)),
  );

  return (
    <Card title={t('members.addTitle')} id="add-member">
      <p className={styles.meta}>{t('members.addIntro')}</p>
      <Form onSubmit={onSubmit} aria-label={t('members.addTitle')}>
        <ErrorSummary title={summary?.title} message={summary?.message} />
        {success ? <Alert tone="success">{success}</Alert> : null}
        <FormTextField
          control={form.control}
          name="email"
          type="email"
          label={t('members.email')}
          autoComplete="off"
          isRequired
        />
        <RadioGroup
          label={t('members.role')}
          options={ORGANISATION_ROLES.map((value) => ({ value, label: t(`roles.${value}`) }))}
          value={role.field.value}
          onChange={role.field.onChange}
          onBlur={role.field.onBlur}
          name={role.field.name}
          error={role.fieldState.error?.message}
          orientation="horizontal"
          isRequired
        />
        <div className={styles.pair}>
          <FormTextField
            control={form.control}
            name="first_name"
            label={t('members.firstName')}
            autoComplete="off"
          />
          <FormTextField
            control={form.control}
            name="last_name"
            label={t('members.lastName')}
            autoComplete="off"
          />
        </div>
        <FormActions>
          <Button type="submit" variant="secondary" isPending={addMember.isPending}>
            {t('members.addSubmit')}
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}
