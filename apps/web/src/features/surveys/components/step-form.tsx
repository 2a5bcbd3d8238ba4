import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { ErrorSummary, Form, FormActions } from '../../../ui/form.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { landingHref, SURVEY_STEPS, type SurveyStep, stepHref } from '../lib/steps.ts';
import { StepCounter } from './survey-frame.tsx';

interface StepFormProps {
  step: SurveyStep;
  surveyId: string;
  surveyTitle: string;
  /** The message above the form after a failed save or check. */
  error: string | null;
  isPending: boolean;
  onSubmit: () => void;
  children: ReactNode;
}

/** A step's page: its counter and heading, the form, and back / save-and-next. */
export function StepForm({
  step,
  surveyId,
  surveyTitle,
  error,
  isPending,
  onSubmit,
  children,
}: StepFormProps) {
  const { t } = useTranslation('survey');
  const previous = SURVEY_STEPS[SURVEY_STEPS.indexOf(step) - 1];
  const isLast = step === SURVEY_STEPS[SURVEY_STEPS.length - 1];
  return (
    <PageLayout title={t(`${step}.title`)} lead={surveyTitle} width="form">
      <StepCounter step={step} />
      <Form
        aria-label={t(`${step}.title`)}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <ErrorSummary message={error} title={t('form.errorTitle')} />
        {children}
        <FormActions>
          <Button type="submit" isPending={isPending}>
            {isLast ? t('form.finish') : t('form.next')}
          </Button>
          <LinkButton
            variant="secondary"
            href={previous ? stepHref(previous, surveyId) : landingHref(surveyId)}
          >
            {t('form.back')}
          </LinkButton>
        </FormActions>
      </Form>
    </PageLayout>
  );
}
