import type { SurveyAnswerView } from '@nbr/domain/surveys';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../ui/select.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { StepForm } from '../components/step-form.tsx';
import { SurveyFrame } from '../components/survey-frame.tsx';
import { readStepDraft, writeStepDraft } from '../lib/drafts.ts';
import { useStepSave } from '../lib/use-step-save.ts';
import { type AddressesDraft, checkAddresses } from '../lib/validation.ts';

/*
 * /survey/addresses?id=… — step 1: the postcodes of home and of work or study, and the workplace
 * when the survey lists several. Only postcodes are asked: no street address is kept.
 */

function AddressesForm({ view, surveyId }: { view: SurveyAnswerView; surveyId: string }) {
  const { t } = useTranslation('survey');
  const workplaces = view.survey.workplaces;
  const [draft, setDraft] = useState<AddressesDraft>(
    () =>
      readStepDraft<AddressesDraft>(surveyId, 'addresses') ?? {
        homePostcode: view.answer?.home_postcode ?? '',
        workPostcode: view.answer?.work_postcode ?? '',
        workplaceId:
          view.answer?.workplace_id ?? (workplaces.length === 1 ? (workplaces[0]?.id ?? null) : null),
      },
  );
  const { submit, errors, message, isPending } = useStepSave(surveyId);
  const change = (next: Partial<AddressesDraft>) => {
    const value = { ...draft, ...next };
    setDraft(value);
    writeStepDraft(surveyId, 'addresses', value);
  };
  const errorOf = (field: string) => (errors[field] ? t(errors[field]) : null);
  return (
    <StepForm
      step="addresses"
      surveyId={surveyId}
      surveyTitle={view.survey.title}
      error={message}
      isPending={isPending}
      onSubmit={() => {
        const checked = checkAddresses(draft, workplaces.length > 1);
        void submit(
          {
            step: 'addresses',
            body: {
              home_postcode: draft.homePostcode.trim(),
              work_postcode: draft.workPostcode.trim(),
              home_position: null,
              work_position: null,
              workplace_id: draft.workplaceId,
            },
          },
          checked,
        );
      }}
    >
      <p>{t('addresses.intro')}</p>
      <TextField
        label={t('addresses.home')}
        description={t('addresses.postcodeHelp')}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={4}
        value={draft.homePostcode}
        onChange={(value) => change({ homePostcode: value })}
        error={errorOf('home_postcode')}
      />
      <TextField
        label={t('addresses.work')}
        description={t('addresses.workHelp')}
        inputMode="numeric"
        maxLength={4}
        value={draft.workPostcode}
        onChange={(value) => change({ workPostcode: value })}
        error={errorOf('work_postcode')}
      />
      {workplaces.length > 1 ? (
        <Select
          label={t('addresses.workplace')}
          description={t('addresses.workplaceHelp')}
          options={workplaces.map((workplace) => ({ value: workplace.id, label: workplace.name }))}
          value={draft.workplaceId}
          onChange={(value) => change({ workplaceId: value })}
          error={errorOf('workplace_id')}
        />
      ) : null}
    </StepForm>
  );
}

export function Component() {
  return (
    <SurveyFrame step="addresses">
      {(view, surveyId) => <AddressesForm view={view} surveyId={surveyId} />}
    </SurveyFrame>
  );
}
