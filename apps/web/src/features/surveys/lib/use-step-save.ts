import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage, issueField } from '../../../lib/api-errors.ts';
import { type StepInput, useSaveSurveyStep } from '../api/save-survey-step.ts';
import { writeStepDraft } from './drafts.ts';
import { afterStepHref } from './steps.ts';
import { errorKeyOfField, type FieldErrors } from './validation.ts';

/**
 * Saving a step on "next": the fields' problems (the form's own check, or the API's 422) beside
 * them and a message above the form; on success the draft is forgotten and the next step shown.
 * What the person typed stays in the form whatever happens.
 */
export function useStepSave(surveyId: string) {
  const { t } = useTranslation(['survey', 'common']);
  const navigate = useNavigate();
  const save = useSaveSurveyStep(surveyId);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);

  async function submit(input: StepInput | null, checked: FieldErrors) {
    if (Object.keys(checked).length > 0 || !input) {
      setErrors(checked);
      setMessage(t('form.fixFields'));
      return;
    }
    setErrors({});
    setMessage(null);
    try {
      const saved = await save.mutateAsync(input);
      writeStepDraft(surveyId, input.step, null);
      await navigate(afterStepHref(input.step, saved.answer, surveyId));
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        const fields: FieldErrors = {};
        for (const issue of error.issues) {
          const field = issueField(issue.loc);
          if (field) fields[field] = errorKeyOfField(field);
        }
        setErrors(fields);
        setMessage(t('form.fixFields'));
        return;
      }
      setMessage(errorMessage(error, t));
    }
  }

  return { submit, errors, message, isPending: save.isPending };
}
