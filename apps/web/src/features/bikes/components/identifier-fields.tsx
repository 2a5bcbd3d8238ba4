import type { IdentifierCheckRequest } from '@nbr/domain/bikes';
import { useMemo, useState } from 'react';
import { type Control, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { parseWholeNumber } from '../../../lib/parse-whole-number.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { FormTextField } from '../../../ui/form.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { useIdentifierCheck } from '../api/identifier-checks.ts';
import styles from '../bikes.module.css';
import type { BikeFormValues } from '../lib/bike-form.ts';
import {
  bothInvalid,
  type FieldFeedback,
  frameNumberFeedback,
  frameNumberWarnings,
  plateFeedback,
  warningSignature,
} from '../lib/identifier-feedback.ts';

const CHECK_DELAY_MS = 400;

/** The live line under a field: politely announced, present from the start so changes are read out. */
function Feedback({ feedback, hidden }: { feedback: FieldFeedback; hidden: boolean }) {
  const { t } = useTranslation(['bikes', 'common']);
  if (hidden || feedback.kind === 'none') return <p className={styles.feedback} aria-live="polite" />;
  return (
    <p className={styles.feedback} aria-live="polite">
      <span className={feedback.kind === 'valid' ? styles.feedbackValid : styles.feedbackError}>
        {feedback.kind === 'valid' ? <Icon name="check" size={16} /> : null}
        {t(feedback.message.key, feedback.message.values)}
      </span>
    </p>
  );
}

export interface IdentifierFieldsProps {
  control: Control<BikeFormValues>;
  /** When editing: this bike's own identifiers are not "already used". */
  bikeId?: string;
  /** After an ownership transfer the frame number can no longer be changed (SPEC §4). */
  frameNumberLocked?: boolean;
  /** Only the frame number (the page that asks for a missing one). */
  frameNumberOnly?: boolean;
}

/**
 * Frame number and plate ID with the live check of SPEC §4/§5: valid, not valid or already used as
 * the person types, the combined message when both are wrong, and the soft stelnummer warnings as
 * a question the person may answer "yes, it is correct" to.
 */
export function IdentifierFields({
  control,
  bikeId,
  frameNumberLocked,
  frameNumberOnly,
}: IdentifierFieldsProps) {
  const { t } = useTranslation(['bikes', 'common']);
  const [frameNumber = '', plateId = '', brand = '', productionYear = ''] = useWatch({
    control,
    name: ['frame_number', 'plate_id', 'brand', 'production_year'],
  });
  const { errors } = useFormState({ control, name: ['frame_number', 'plate_id'] });

  const request = useMemo<IdentifierCheckRequest | null>(() => {
    const frame = frameNumberLocked ? '' : frameNumber.trim();
    const plate = frameNumberOnly ? '' : plateId.trim();
    if (!frame && !plate) return null;
    const year = parseWholeNumber(productionYear);
    return {
      frame_number: frame || null,
      plate_id: plate || null,
      brand: brand.trim() || null,
      production_year: year !== null && Number.isInteger(year) ? year : null,
      bike_id: bikeId ?? null,
    };
  }, [frameNumber, plateId, brand, productionYear, bikeId, frameNumberLocked, frameNumberOnly]);
  const settled = useDebouncedValue(request, CHECK_DELAY_MS);
  const check = useIdentifierCheck(settled);
  // An answer for what is no longer in the field says nothing about it.
  const current = check.data && settled === request ? check.data : undefined;

  const combined = bothInvalid(current);
  const frameFeedback = frameNumberFeedback(current?.frame_number ?? null);
  const plateFeedbackValue = plateFeedback(current?.plate_id ?? null, plateId);
  const warnings = frameNumberWarnings(current?.frame_number);
  const signature = warningSignature(frameNumber, current?.frame_number);
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const isConfirmed = confirmed === signature;

  return (
    <div className={styles.identifiers}>
      <div>
        <FormTextField
          control={control}
          name="frame_number"
          label={t('fields.frameNumber')}
          description={frameNumberLocked ? t('fields.frameNumberLocked') : t('fields.frameNumberHint')}
          isReadOnly={frameNumberLocked}
          autoComplete="off"
          spellCheck="false"
          isOptional={!frameNumberOnly}
        />
        {/* "Valid" beside "Is the frame number correct?" would contradict the question. */}
        <Feedback
          feedback={frameFeedback}
          hidden={combined || Boolean(errors.frame_number) || warnings.length > 0}
        />
      </div>
      {warnings.length > 0 ? (
        isConfirmed ? (
          <p className={styles.feedbackValid} role="status">
            <Icon name="check" size={16} />
            {t('identifiers.warningConfirmed')}
          </p>
        ) : (
          <Alert tone="warning" title={t('identifiers.warningTitle')} announce="none">
            <ul className={styles.reasons}>
              {warnings.map((warning) => (
                <li key={warning.key}>{t(warning.key, warning.values)}</li>
              ))}
            </ul>
            <p>{t('identifiers.warningHelp')}</p>
            <Button variant="secondary" size="small" onPress={() => setConfirmed(signature)}>
              {t('identifiers.warningConfirm')}
            </Button>
          </Alert>
        )
      ) : null}
      {frameNumberOnly ? null : (
        <div>
          <FormTextField
            control={control}
            name="plate_id"
            label={t('fields.plateId')}
            description={t('fields.plateIdHint')}
            autoComplete="off"
            spellCheck="false"
            isOptional
          />
          <Feedback feedback={plateFeedbackValue} hidden={combined || Boolean(errors.plate_id)} />
        </div>
      )}
      <p className={styles.feedback} aria-live="polite">
        {combined ? (
          <span className={styles.feedbackError}>
            {t('common:validation.frame_number_and_plate_id_invalid')}
          </span>
        ) : null}
      </p>
    </div>
  );
}
