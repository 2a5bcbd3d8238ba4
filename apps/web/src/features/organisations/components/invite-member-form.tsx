import { InvitationCreateSchema, ORGANISATION_ROLES } from '@nbr/domain/organisations';
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
import { useInviteMember } from '../api/invite-member.ts';
import styles from '../organisations.module.css';

const EMPTY = { email: '', role: 'member' as const };
const FIELDS = ['email', 'role'] as const;

/**
 * Invites an address. The answer is the same whether or not the address has an account, so the
 * confirmation only ever says the invitation was sent.
 */
export function InviteMemberForm({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation(['organisations', 'common']);
  const inviteMember = useInviteMember(organisationId);
  const invalidFormMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const form = useZodForm(InvitationCreateSchema, { defaultValues: EMPTY });
  const role = useController({ control: form.control, name: 'role' });

  const onSubmit = form.handleSubmit(
    async (values) => {
      setSummary(null);
      setSuccess(null);
      try {
        const invitation = await inviteMember.mutateAsync(values);
        form.reset(EMPTY);
        setSuccess(t('members.invited', { email: invitation.email }));
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
    <Card title={t('members.inviteTitle')} id="invite-member">
      <p className={styles.meta}>{t('members.inviteIntro')}</p>
      <Form onSubmit={onSubmit} aria-label={t('members.inviteTitle')}>
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
          options={ORGANISATION_ROLES.map((value) => ({
            value,
            label: t(`roles.${value}`),
            description: t(`roleDescriptions.${value}`),
          }))}
          value={role.field.value}
          onChange={role.field.onChange}
          onBlur={role.field.onBlur}
          name={role.field.name}
          error={role.fieldState.error?.message}
          isRequired
        />
        <FormActions>
          <Button type="submit" variant="secondary" isPending={inviteMember.isPending}>
            {t('members.inviteSubmit')}
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}
