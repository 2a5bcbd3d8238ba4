import { SURVEY_INVITED_MAX } from '@nbr/domain/surveys';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ErrorSummary } from '../../../ui/form.tsx';
import { TextAreaField } from '../../../ui/text-area-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useCreateSurvey } from '../api/create-survey.ts';
import { parseInvitedCount } from '../lib/invited-count.ts';
import styles from '../survey-admin.module.css';

type Field = 'title' | 'opens_on' | 'closes_on' | 'invited_count';

/** A new survey of the organisation: its title, period, workplaces (one a line) and how many are invited. */
export function CreateSurveyForm({ onCreated }: { onCreated: (surveyId: string) => void }) {
  const { t } = useTranslation(['survey-admin', 'common']);
  const create = useCreateSurvey();
  const [title, setTitle] = useState('');
  const [opensOn, setOpensOn] = useState('');
  const [closesOn, setClosesOn] = useState('');
  const [workplaces, setWorkplaces] = useState('');
  const [invited, setInvited] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const found: Partial<Record<Field, string>> = {};
    if (title.trim() === '') found.title = t('create.titleMissing');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(opensOn)) found.opens_on = t('create.dateMissing');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(closesOn)) found.closes_on = t('create.dateMissing');
    else if (opensOn && closesOn < opensOn) found.closes_on = t('create.closesBeforeOpens');
    const invitedCount = parseInvitedCount(invited);
    if (invitedCount === 'invalid') found.invited_count = t('invited.invalid', { max: SURVEY_INVITED_MAX });
    setErrors(found);
    if (Object.keys(found).length > 0 || invitedCount === 'invalid') {
      setProblem(t('create.fixFields'));
      return;
    }
    try {
      const survey = await create.mutateAsync({
        title: title.trim(),
        opens_on: opensOn,
        closes_on: closesOn,
        workplaces: workplaces
          .split('\n')
          .map((name) => name.trim())
          .filter((name) => name !== '')
          .map((name) => ({ name })),
        invited_count: invitedCount,
      });
      setTitle('');
      setOpensOn('');
      setClosesOn('');
      setWorkplaces('');
      setInvited('');
      onCreated(survey.id);
    } catch (error) {
      setProblem(errorMessage(error, t));
    }
  };

  return (
    <Card title={t('create.title')} id="create-survey">
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <ErrorSummary message={problem} />
        <TextField
          label={t('create.name')}
          value={title}
          onChange={setTitle}
          error={errors.title}
          isRequired
        />
        <div className={styles.fieldRow}>
          <TextField
            label={t('create.opensOn')}
            type="date"
            value={opensOn}
            onChange={setOpensOn}
            error={errors.opens_on}
            isRequired
          />
          <TextField
            label={t('create.closesOn')}
            type="date"
            value={closesOn}
            onChange={setClosesOn}
            error={errors.closes_on}
            isRequired
          />
        </div>
        <TextAreaField
          label={t('create.workplaces')}
          description={t('create.workplacesHelp')}
          value={workplaces}
          onChange={setWorkplaces}
          rows={3}
        />
        <TextField
          label={t('invited.label')}
          description={t('invited.help')}
          inputMode="numeric"
          value={invited}
          onChange={setInvited}
          error={errors.invited_count}
          isOptional
        />
        <Button type="submit" isPending={create.isPending}>
          {t('create.submit')}
        </Button>
      </form>
    </Card>
  );
}
