import type { SurveyAnswerView } from '@nbr/domain/surveys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { StepForm } from '../components/step-form.tsx';
import { SurveyFrame } from '../components/survey-frame.tsx';
import { readStepDraft, writeStepDraft } from '../lib/drafts.ts';
import { WEEKDAYS } from '../lib/summary.ts';
import { useStepSave } from '../lib/use-step-save.ts';
import styles from '../surveys.module.css';

/*
 * /survey/commuting-days?id=… — step 2: the weekdays the person usually commutes on (none is an
 * answer too: they work from home, say).
 */

function DaysForm({ view, surveyId }: { view: SurveyAnswerView; surveyId: string }) {
  const { t } = useTranslation('survey');
  const [days, setDays] = useState<number[]>(
    () => readStepDraft<number[]>(surveyId, 'commutingDays') ?? view.answer?.days ?? [],
  );
  const { submit, errors, message, isPending } = useStepSave(surveyId);
  // The API names the list (`days`) or one of its entries (`days.2`).
  const daysError = Object.entries(errors).find(([field]) => field.startsWith('days'))?.[1];
  const toggle = (day: number, on: boolean) => {
    const next = on
      ? [...days.filter((entry) => entry !== day), day].sort((a, b) => a - b)
      : days.filter((entry) => entry !== day);
    setDays(next);
    writeStepDraft(surveyId, 'commutingDays', next);
  };
  return (
    <StepForm
      step="commutingDays"
      surveyId={surveyId}
      surveyTitle={view.survey.title}
      error={message}
      isPending={isPending}
      onSubmit={() => void submit({ step: 'commutingDays', body: { days } }, {})}
    >
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('days.question')}</legend>
        <p className={styles.help}>{t('days.help')}</p>
        <div className={styles.days}>
          {WEEKDAYS.map((day) => (
            <Checkbox key={day} isSelected={days.includes(day)} onChange={(on) => toggle(day, on)}>
              {t(`days.weekdays.${day}`)}
            </Checkbox>
          ))}
        </div>
        {daysError ? <p className={styles.error}>{t(daysError)}</p> : null}
      </fieldset>
      {days.length === 0 ? <p className={styles.help}>{t('days.noneNote')}</p> : null}
    </StepForm>
  );
}

export function Component() {
  return (
    <SurveyFrame step="commutingDays">
      {(view, surveyId) => <DaysForm view={view} surveyId={surveyId} />}
    </SurveyFrame>
  );
}
