import {
  canApproveSteps,
  type InsuranceVerification,
  InsuranceVerificationRejectSchema,
} from '@nbr/domain/insurance';
import { useState } from 'react';
import { TextField as AriaTextField, FieldError, Label, TextArea } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import fieldStyles from '../../../ui/field.module.css';
import { useFieldErrorText } from '../../../ui/field-error.ts';
import { Link } from '../../../ui/link.tsx';
import { useApproveInsuranceVerification } from '../api/approve-insurance-verification.ts';
import { useRejectInsuranceVerification } from '../api/reject-insurance-verification.ts';
import {
  DecisionText,
  STEP_ORDER,
  stepHref,
  UploadsView,
  VerificationFrame,
} from '../components/insurance-verification-step.tsx';
import styles from '../insurance-verification.module.css';

function Decide({ verification }: { verification: InsuranceVerification }) {
  const { t } = useTranslation(['backoffice', 'common']);
  const approve = useApproveInsuranceVerification(verification.insured_item_id);
  const reject = useRejectInsuranceVerification(verification.insured_item_id);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reasonErrorText = useFieldErrorText(reasonError);
  const ready = canApproveSteps(verification.steps, verification.applicable_steps);

  const onApprove = async () => {
    setError(null);
    try {
      await approve.mutateAsync();
    } catch (failure) {
      setError(errorMessage(failure, t));
    }
  };

  const onReject = async () => {
    setError(null);
    const parsed = InsuranceVerificationRejectSchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? 'required');
      return;
    }
    setReasonError(null);
    try {
      await reject.mutateAsync(parsed.data.reason);
    } catch (failure) {
      setError(errorMessage(failure, t));
    }
  };

  return (
    <>
      <Card title={t('insuranceVerification.approveTitle')} headingLevel={2}>
        <p className={styles.muted}>
          {ready ? t('insuranceVerification.approveReady') : t('insuranceVerification.approveNotReady')}
        </p>
        <div className={styles.actions}>
          <Button onPress={() => void onApprove()} isPending={approve.isPending} isDisabled={!ready}>
            {t('insuranceVerification.approve')}
          </Button>
        </div>
      </Card>
      <Card title={t('insuranceVerification.rejectTitle')} headingLevel={2}>
        <AriaTextField
          value={reason}
          onChange={setReason}
          validationBehavior="aria"
          isInvalid={Boolean(reasonErrorText)}
          className={fieldStyles.field}
        >
          <Label className={fieldStyles.label}>{t('insuranceVerification.reason')}</Label>
          <TextArea className={fieldStyles.input} rows={4} maxLength={1000} />
          <FieldError className={fieldStyles.error}>{reasonErrorText}</FieldError>
        </AriaTextField>
        <p className={styles.muted}>{t('insuranceVerification.reasonHint')}</p>
        <div className={styles.actions}>
          <Button variant="secondary" onPress={() => void onReject()} isPending={reject.isPending}>
            {t('insuranceVerification.reject')}
          </Button>
        </div>
      </Card>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </>
  );
}

/** /backoffice/v2/insurance-verification/{insuredItemId}/summary — the steps' answers, then approve or send back. */
export function Component() {
  const { t } = useTranslation('backoffice');
  const { insuredItemId = '' } = useParams();
  return (
    <VerificationFrame insuredItemId={insuredItemId} title={t('insuranceVerification.summaryTitle')}>
      {(verification) => (
        <>
          <Card title={t('insuranceVerification.answers')} headingLevel={2}>
            <dl className={styles.facts}>
              {STEP_ORDER.map((step) => (
                <div key={step} className={styles.contents}>
                  <dt>
                    <Link href={stepHref(step, insuredItemId)}>
                      {t(`insuranceVerification.stepNames.${step}`)}
                    </Link>
                  </dt>
                  <dd>
                    <DecisionText value={verification.steps[step]} />
                    {verification.applicable_steps.includes(step)
                      ? ''
                      : ` (${t('insuranceVerification.optionalStep')})`}
                  </dd>
                </div>
              ))}
            </dl>
          </Card>
          <div className={styles.sideBySide}>
            <Card title={t('insuranceVerification.kinds.lock_proof')} headingLevel={2}>
              <UploadsView uploads={verification.uploads.filter((upload) => upload.kind === 'lock_proof')} />
            </Card>
            <Card title={t('insuranceVerification.kinds.main_image')} headingLevel={2}>
              <UploadsView uploads={verification.uploads.filter((upload) => upload.kind === 'main_image')} />
            </Card>
          </div>
          {verification.verification_status === 'rejected' && verification.rejection_reason ? (
            <Alert tone="info" announce="none">
              <p>{t('insuranceVerification.sentBackWith', { reason: verification.rejection_reason })}</p>
            </Alert>
          ) : null}
          {verification.verification_status === 'pending' ? <Decide verification={verification} /> : null}
          <div className={styles.actions}>
            <LinkButton href={paths.backoffice.v2InsuranceVerification.getHref()} variant="secondary">
              {t('insuranceVerification.backToQueue')}
            </LinkButton>
          </div>
        </>
      )}
    </VerificationFrame>
  );
}
