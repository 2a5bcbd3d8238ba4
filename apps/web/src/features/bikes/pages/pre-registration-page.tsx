import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Button } from '../../../ui/button.tsx';
import { ErrorSummary, Form, FormActions } from '../../../ui/form.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';

type Answer = 'yes' | 'no';

/**
 * /app/register-bike/pre-registration — is the bike insured through one of the register's partner
 * insurers? Those bikes are registered through the insurer, so that is asked before the form.
 */
export function Component() {
  const { t } = useTranslation(['bikes', 'common']);
  const navigate = useNavigate();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!answer) {
      setError(t('common:validation.required'));
      return;
    }
    void navigate(
      answer === 'yes'
        ? paths.app.registerBikePreRegistrationInsuranceWarning.getHref()
        : paths.app.registerBike.getHref(),
    );
  };

  return (
    <PageLayout title={t('preRegistration.title')} lead={t('preRegistration.lead')} width="form">
      <Form onSubmit={onSubmit} aria-label={t('preRegistration.title')}>
        <ErrorSummary message={error} />
        <RadioGroup
          label={t('preRegistration.question')}
          description={t('preRegistration.hint')}
          value={answer}
          onChange={(value) => {
            setAnswer(value as Answer);
            setError(null);
          }}
          error={error ? 'required' : null}
          isRequired
          options={[
            { value: 'yes', label: t('preRegistration.yes') },
            { value: 'no', label: t('preRegistration.no') },
          ]}
        />
        <FormActions>
          <Button type="submit">{t('common:actions.continue')}</Button>
        </FormActions>
      </Form>
    </PageLayout>
  );
}
