import { SURVEY_INVITED_MAX } from '@nbr/domain/surveys';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useUpdateInvitedCount } from '../api/update-invited-count.ts';
import { parseInvitedCount } from '../lib/invited-count.ts';
import styles from '../survey-admin.module.css';

/** How many people the survey invited, changed by the organisation's admin (the response rate follows). */
export function InvitedCountForm({
  surveyId,
  invitedCount,
}: {
  surveyId: string;
  invitedCount: number | null;
}) {
  const { t } = useTranslation(['survey-admin', 'common']);
  const update = useUpdateInvitedCount(surveyId);
  const [text, setText] = useState(invitedCount === null ? '' : String(invitedCount));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    setText(invitedCount === null ? '' : String(invitedCount));
  }, [invitedCount]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const parsed = parseInvitedCount(text);
    if (parsed === 'invalid') {
      setError(t('invited.invalid', { max: SURVEY_INVITED_MAX }));
      return;
    }
    setError(null);
    try {
      await update.mutateAsync(parsed);
      setSaved(true);
    } catch (caught) {
      setError(errorMessage(caught, t));
    }
  };

  return (
    <form className={styles.inlineForm} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('invited.label')}
        description={t('invited.help')}
        inputMode="numeric"
        value={text}
        onChange={(value) => {
          setText(value);
          setSaved(false);
        }}
        error={error}
      />
      <Button type="submit" size="small" variant="secondary" isPending={update.isPending}>
        {t('invited.save')}
      </Button>
      <p role="status" className={styles.meta}>
        {saved ? t('invited.saved') : ''}
      </p>
    </form>
  );
}
