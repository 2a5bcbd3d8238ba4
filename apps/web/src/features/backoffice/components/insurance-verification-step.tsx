import type {
  InsuranceVerification,
  PossessionUpload,
  RequiredUpload,
  VerificationStep,
} from '@nbr/domain/insurance';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useDecideInsuranceVerificationSteps } from '../api/decide-insurance-verification-steps.ts';
import { useInsuranceVerification } from '../api/get-insurance-verification.ts';
import styles from '../insurance-verification.module.css';

/** The steps in the order staff take them, each at its address of SPEC §2. */
export const STEP_ORDER: readonly VerificationStep[] = ['frame_number', 'plate', 'receipt'];

export function stepHref(step: VerificationStep | 'summary', insuredItemId: string): string {
  const ids = { insuredItemId };
  switch (step) {
    case 'frame_number':
      return paths.backoffice.v2InsuranceVerificationFrameNumber.getHref(ids);
    case 'plate':
      return paths.backoffice.v2InsuranceVerificationVerifyPlateId.getHref(ids);
    case 'receipt':
      return paths.backoffice.v2InsuranceVerificationVerifyReceipt.getHref(ids);
    case 'summary':
      return paths.backoffice.v2InsuranceVerificationSummary.getHref(ids);
  }
}

/** The uploads each step compares with the register. */
const UPLOADS_OF_STEP: Record<VerificationStep, readonly RequiredUpload[]> = {
  frame_number: ['frame_number'],
  plate: ['main_image', 'other_images'],
  receipt: ['receipt'],
};

export function bikeName(verification: InsuranceVerification): string {
  const { register } = verification;
  const make = [register.brand, register.model].filter(Boolean).join(' ');
  return make ? `${register.nickname} (${make})` : register.nickname;
}

/** A decision as staff read it: yes, no, or not decided. */
export function DecisionText({ value }: { value: boolean | null }) {
  const { t } = useTranslation('backoffice');
  return (
    <>
      {t(
        value === null
          ? 'insuranceVerification.undecided'
          : value
            ? 'insuranceVerification.yes'
            : 'insuranceVerification.no',
      )}
    </>
  );
}

/** The holder's uploads: pictures shown large (linked to the original), documents as links. */
export function UploadsView({ uploads }: { uploads: readonly PossessionUpload[] }) {
  const { t } = useTranslation('backoffice');
  if (uploads.length === 0) return <p className={styles.muted}>{t('insuranceVerification.noUploads')}</p>;
  return (
    <ul className={styles.pictures}>
      {uploads.map((upload) => (
        <li key={upload.id}>
          {upload.file_class === 'picture' ? (
            <a href={upload.url} target="_blank" rel="noreferrer">
              <img
                src={upload.url}
                alt={t('insuranceVerification.uploadAlt', {
                  kind: t(`insuranceVerification.kinds.${upload.kind}`),
                })}
                className={styles.picture}
              />
            </a>
          ) : (
            <Link href={upload.url} external>
              {t('insuranceVerification.openDocument', {
                kind: t(`insuranceVerification.kinds.${upload.kind}`),
              })}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Loads one check and frames it: the bike, the holder, and the way through the steps. */
export function VerificationFrame({
  insuredItemId,
  title,
  children,
}: {
  insuredItemId: string;
  title: string;
  children: (verification: InsuranceVerification) => ReactNode;
}) {
  const { t } = useTranslation('backoffice');
  const verification = useInsuranceVerification(insuredItemId);
  if (verification.isError && !verification.data)
    return (
      <LoadErrorPage
        alertTitle={t('insuranceVerification.loadFailed')}
        title={title}
        error={verification.error}
        retry={() => void verification.refetch()}
      />
    );
  if (!verification.data) return <LoadingState />;
  const data = verification.data;
  return (
    <PageLayout
      title={title}
      lead={t('insuranceVerification.itemLead', {
        bike: bikeName(data),
        holder: data.holder?.name ?? data.holder?.email ?? t('insuranceVerification.noName'),
        insurer: data.insurer.name,
      })}
    >
      <div className={styles.stack}>
        <nav aria-label={t('insuranceVerification.stepsLabel')}>
          <ol className={styles.steps}>
            {STEP_ORDER.map((step) => (
              <li key={step}>
                <Link href={stepHref(step, insuredItemId)}>
                  {t(`insuranceVerification.stepNames.${step}`)}: <DecisionText value={data.steps[step]} />
                </Link>
              </li>
            ))}
            <li>
              <Link href={stepHref('summary', insuredItemId)}>{t('insuranceVerification.summaryTitle')}</Link>
            </li>
          </ol>
        </nav>
        {data.verification_status !== 'pending' ? (
          <Alert tone="info" announce="none">
            <p>{t(`insuranceVerification.closed.${data.verification_status}`)}</p>
          </Alert>
        ) : null}
        {children(data)}
      </div>
    </PageLayout>
  );
}

function RegisterFacts({
  step,
  verification,
}: {
  step: VerificationStep;
  verification: InsuranceVerification;
}) {
  const { t, i18n } = useTranslation('backoffice');
  const { register } = verification;
  const none = t('insuranceVerification.notRegistered');
  return (
    <dl className={styles.facts}>
      {step === 'frame_number' ? (
        <>
          <dt>{t('insuranceVerification.registeredFrameNumber')}</dt>
          <dd className={styles.code}>{register.frame_number ?? none}</dd>
        </>
      ) : null}
      {step === 'plate' ? (
        <>
          <dt>{t('insuranceVerification.registeredPlate')}</dt>
          <dd className={styles.code}>{register.plate_id ?? none}</dd>
        </>
      ) : null}
      {step === 'receipt' ? (
        <>
          <dt>{t('insuranceVerification.registeredPrice')}</dt>
          <dd>
            {register.price === null
              ? none
              : formatMoney(register.price * 100, register.currency as 'DKK' | 'NOK', i18n.language)}
          </dd>
          <dt>{t('insuranceVerification.registeredPurchaseDate')}</dt>
          <dd>{register.purchase_date ? formatDate(register.purchase_date, i18n.language) : none}</dd>
        </>
      ) : null}
    </dl>
  );
}

function StepDecision({
  step,
  verification,
}: {
  step: VerificationStep;
  verification: InsuranceVerification;
}) {
  const { t } = useTranslation(['backoffice', 'common']);
  const navigate = useNavigate();
  const decide = useDecideInsuranceVerificationSteps(verification.insured_item_id);
  const [error, setError] = useState<string | null>(null);
  const next = STEP_ORDER[STEP_ORDER.indexOf(step) + 1] ?? 'summary';
  const nextHref = stepHref(next, verification.insured_item_id);
  const applicable = verification.applicable_steps.includes(step);
  const open = verification.verification_status === 'pending';

  const answer = async (value: boolean) => {
    setError(null);
    try {
      await decide.mutateAsync({ [step]: value });
      navigate(nextHref);
    } catch (failure) {
      setError(errorMessage(failure, t));
    }
  };

  return (
    <Card title={t(`insuranceVerification.questions.${step}`)} headingLevel={2}>
      {!applicable ? <p className={styles.muted}>{t('insuranceVerification.notApplicable')}</p> : null}
      <p>
        {t('insuranceVerification.decision')} <DecisionText value={verification.steps[step]} />
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className={styles.actions}>
        {open ? (
          <>
            <Button
              onPress={() => void answer(true)}
              isPending={decide.isPending && decide.variables?.[step] === true}
            >
              {t('insuranceVerification.answerYes')}
            </Button>
            <Button
              variant="secondary"
              onPress={() => void answer(false)}
              isPending={decide.isPending && decide.variables?.[step] === false}
            >
              {t('insuranceVerification.answerNo')}
            </Button>
          </>
        ) : null}
        <LinkButton href={nextHref} variant="secondary">
          {t('insuranceVerification.next')}
        </LinkButton>
      </div>
    </Card>
  );
}

/** One step: the uploads it is about beside what the register holds, and the staff's answer. */
export function InsuranceVerificationStepPage({
  step,
  insuredItemId,
}: {
  step: VerificationStep;
  insuredItemId: string;
}) {
  const { t } = useTranslation('backoffice');
  return (
    <VerificationFrame insuredItemId={insuredItemId} title={t(`insuranceVerification.stepTitles.${step}`)}>
      {(verification) => (
        <>
          <div className={styles.sideBySide}>
            <Card title={t('insuranceVerification.holderUploads')} headingLevel={2}>
              <UploadsView
                uploads={verification.uploads.filter((upload) => UPLOADS_OF_STEP[step].includes(upload.kind))}
              />
            </Card>
            <Card title={t('insuranceVerification.register')} headingLevel={2}>
              <RegisterFacts step={step} verification={verification} />
            </Card>
          </div>
          <StepDecision step={step} verification={verification} />
        </>
      )}
    </VerificationFrame>
  );
}
