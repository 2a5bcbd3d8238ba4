import { SURVEY_LEGS_MAX, type SurveyAnswerView, type TravelMode } from '@nbr/domain/surveys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { StepForm } from '../components/step-form.tsx';
import { SurveyFrame } from '../components/survey-frame.tsx';
import { readStepDraft, writeStepDraft } from '../lib/drafts.ts';
import { formatNumber, MODE_ORDER } from '../lib/summary.ts';
import { useStepSave } from '../lib/use-step-save.ts';
import { checkTravel, emptyLeg, type LegDraft, type TravelDraft } from '../lib/validation.ts';
import styles from '../surveys.module.css';

/*
 * /survey/pendler-travel?id=… — step 3: how the person usually travels one way, leg by leg (mode,
 * distance, time: cycling to the station and the train on are two legs), and whether better bike
 * parking or a dock would make them cycle more. Saving it finishes the answer.
 */

function initialDraft(view: SurveyAnswerView, language: string): TravelDraft {
  const saved = view.answer;
  return {
    legs: saved?.legs?.length
      ? saved.legs.map((leg) => ({
          mode: leg.mode,
          distance: formatNumber(leg.distance_km, language),
          minutes: String(leg.minutes),
        }))
      : [emptyLeg()],
    parking: saved?.would_cycle_more_with_parking ?? false,
    dock: saved?.would_cycle_more_with_dock ?? false,
  };
}

function TravelForm({ view, surveyId }: { view: SurveyAnswerView; surveyId: string }) {
  const { t } = useTranslation('survey');
  const language = currentLanguage();
  const [draft, setDraft] = useState<TravelDraft>(
    () => readStepDraft<TravelDraft>(surveyId, 'travel') ?? initialDraft(view, language),
  );
  const { submit, errors, message, isPending } = useStepSave(surveyId);
  const change = (next: TravelDraft) => {
    setDraft(next);
    writeStepDraft(surveyId, 'travel', next);
  };
  const changeLeg = (index: number, leg: Partial<LegDraft>) =>
    change({
      ...draft,
      legs: draft.legs.map((entry, at) => (at === index ? { ...entry, ...leg } : entry)),
    });
  const errorOf = (field: string) => (errors[field] ? t(errors[field]) : null);
  const many = draft.legs.length > 1;
  return (
    <StepForm
      step="travel"
      surveyId={surveyId}
      surveyTitle={view.survey.title}
      error={message}
      isPending={isPending}
      onSubmit={() => {
        const { errors: checked, legs } = checkTravel(draft);
        void submit(
          {
            step: 'travel',
            body: {
              legs,
              would_cycle_more_with_parking: draft.parking,
              would_cycle_more_with_dock: draft.dock,
            },
          },
          checked,
        );
      }}
    >
      <p>{t('travel.intro')}</p>
      {draft.legs.map((leg, index) => (
        // Legs have no id of their own: a leg is its place in the trip.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <fieldset key={index} className={styles.leg}>
          <legend className={styles.legend}>
            {many ? t('travel.legNumbered', { number: index + 1 }) : t('travel.leg')}
          </legend>
          <RadioGroup
            label={t('travel.mode')}
            options={MODE_ORDER.map((mode) => ({ value: mode, label: t(`travel.modes.${mode}`) }))}
            value={leg.mode}
            onChange={(value) => changeLeg(index, { mode: value as TravelMode })}
            error={errorOf(`legs.${index}.mode`)}
          />
          <div className={styles.pair}>
            <TextField
              label={t('travel.distance')}
              inputMode="decimal"
              value={leg.distance}
              onChange={(value) => changeLeg(index, { distance: value })}
              error={errorOf(`legs.${index}.distance_km`)}
            />
            <TextField
              label={t('travel.minutes')}
              inputMode="numeric"
              value={leg.minutes}
              onChange={(value) => changeLeg(index, { minutes: value })}
              error={errorOf(`legs.${index}.minutes`)}
            />
          </div>
          {many ? (
            <Button
              variant="quiet"
              size="small"
              onPress={() => change({ ...draft, legs: draft.legs.filter((_, at) => at !== index) })}
            >
              {t('travel.removeLeg', { number: index + 1 })}
            </Button>
          ) : null}
        </fieldset>
      ))}
      {errors.legs ? <p className={styles.error}>{t(errors.legs)}</p> : null}
      {draft.legs.length < SURVEY_LEGS_MAX ? (
        <div className={styles.addLeg}>
          <Button
            variant="secondary"
            size="small"
            onPress={() => change({ ...draft, legs: [...draft.legs, emptyLeg()] })}
          >
            {t('travel.addLeg')}
          </Button>
          <p className={styles.help}>{t('travel.addLegHelp')}</p>
        </div>
      ) : null}
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('travel.moreTitle')}</legend>
        <Checkbox isSelected={draft.parking} onChange={(on) => change({ ...draft, parking: on })}>
          {t('travel.parking')}
        </Checkbox>
        <Checkbox isSelected={draft.dock} onChange={(on) => change({ ...draft, dock: on })}>
          {t('travel.dock')}
        </Checkbox>
      </fieldset>
    </StepForm>
  );
}

export function Component() {
  return (
    <SurveyFrame step="travel">
      {(view, surveyId) => <TravelForm view={view} surveyId={surveyId} />}
    </SurveyFrame>
  );
}
