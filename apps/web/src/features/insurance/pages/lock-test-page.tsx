import { PICTURE_CONTENT_TYPES, PICTURE_MAX_BYTES } from '@nbr/domain/bikes';
import { LOCK_APPROVALS } from '@nbr/domain/insurance';
import {
  canAnswerLockTest,
  LOCK_TEST_MAX_PICTURES,
  type LockTest,
  LockTestAnswerSchema,
  LockTestDecisionSchema,
  type LockTestPicture,
} from '@nbr/domain/insurance-lock-tests';
import { useId, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { uploadPicture } from '../../../lib/api/bikes/upload-bike-file.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import {
  applyApiError,
  ErrorSummary,
  Form,
  FormActions,
  FormCheckbox,
  FormTextField,
  useInvalidFormMessage,
  useZodForm,
} from '../../../ui/form.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useAnswerLockTest, useDecideLockTest, useLockTest } from '../api/lock-tests.ts';
import { LockTestStatusBadge } from '../components/lock-test-status.tsx';
import styles from '../lock-tests.module.css';

type AnswerForm = z.input<typeof LockTestAnswerSchema>;
type DecisionForm = z.input<typeof LockTestDecisionSchema>;

function bikeLabel(bike: LockTest['bikes'][number]): string {
  const make = [bike.brand, bike.model].filter(Boolean).join(' ');
  const name = make ? `${bike.nickname} (${make})` : bike.nickname;
  return bike.frame_number ? `${name} · ${bike.frame_number}` : name;
}

/** Thumbnails of the pictures given with an answer, each opening the picture. */
function PictureList({
  pictures,
  onRemove,
}: {
  pictures: readonly LockTestPicture[];
  onRemove?: (fileId: string) => void;
}) {
  const { t } = useTranslation('lock-tests');
  if (pictures.length === 0) return null;
  return (
    <ul className={styles.pictures} aria-label={t('pictures.listLabel')}>
      {pictures.map((picture, index) => (
        <li key={picture.file_id}>
          <a href={picture.url} target="_blank" rel="noreferrer">
            <img
              src={picture.thumbnail_url ?? picture.url}
              alt={t('pictures.alt', { number: index + 1 })}
              width={96}
              height={96}
            />
          </a>
          {onRemove ? (
            <Button
              variant="quiet"
              size="small"
              onPress={() => onRemove(picture.file_id)}
              aria-label={t('pictures.removeLabel', { number: index + 1 })}
            >
              {t('pictures.remove')}
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Pictures of the certificate and the lock: uploaded to the bike as private lock-proof pictures, then given with the answer. */
function PicturePicker({
  bikeId,
  pictures,
  onChange,
}: {
  bikeId: string;
  pictures: readonly LockTestPicture[];
  onChange: (pictures: LockTestPicture[]) => void;
}) {
  const { t } = useTranslation(['lock-tests', 'common']);
  const [status, setStatus] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const statusId = useId();
  const onSelect = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file || !bikeId) return;
    if (!(PICTURE_CONTENT_TYPES as readonly string[]).includes(file.type) || file.size === 0) {
      setStatus(t('pictures.unsupported'));
      return;
    }
    if (file.size > PICTURE_MAX_BYTES) {
      setStatus(t('pictures.tooLarge'));
      return;
    }
    setStatus(null);
    setPending(true);
    try {
      const uploaded = await uploadPicture(bikeId, { kind: 'lock_proof', file });
      onChange([
        ...pictures,
        { file_id: uploaded.picture_id, url: uploaded.url, thumbnail_url: uploaded.thumbnail_url },
      ]);
    } catch (error) {
      setStatus(errorMessage(error, t));
    } finally {
      setPending(false);
    }
  };
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('pictures.title')}</legend>
      <p className={styles.meta}>{t('pictures.hint', { maximum: LOCK_TEST_MAX_PICTURES })}</p>
      <PictureList
        pictures={pictures}
        onRemove={(fileId) => onChange(pictures.filter((p) => p.file_id !== fileId))}
      />
      {pictures.length < LOCK_TEST_MAX_PICTURES ? (
        <FileTrigger
          acceptedFileTypes={[...PICTURE_CONTENT_TYPES]}
          onSelect={(files) => void onSelect(files)}
        >
          <Button variant="secondary" isPending={pending} aria-describedby={statusId}>
            {t('pictures.add')}
          </Button>
        </FileTrigger>
      ) : null}
      <div id={statusId}>{status ? <Alert tone="error">{status}</Alert> : null}</div>
    </fieldset>
  );
}

/** What the holder answered, as the insurer and the holder read it back. */
function AnswerSummary({ lockTest }: { lockTest: LockTest }) {
  const { t, i18n } = useTranslation('lock-tests');
  const answer = lockTest.answer;
  if (!answer) return null;
  const bike = lockTest.bikes.find((candidate) => candidate.bike_id === answer.bike_id);
  return (
    <Card title={t('answer.summaryTitle')} id="answer-summary">
      <dl className={styles.details}>
        <dt>{t('answer.approval')}</dt>
        <dd>{t(`approval.${answer.approval}`)}</dd>
        <dt>{t('answer.certificateNumber')}</dt>
        <dd>{answer.certificate_number}</dd>
        <dt>{t('answer.lockName')}</dt>
        <dd>{answer.lock_name}</dd>
        <dt>{t('answer.keyNumber')}</dt>
        <dd>{answer.key_number}</dd>
        <dt>{t('answer.bike')}</dt>
        <dd>{bike ? bikeLabel(bike) : t('answer.bikeGone')}</dd>
        <dt>{t('answer.certificateFrameNumber')}</dt>
        <dd>
          {answer.certificate_frame_number}
          {' – '}
          {answer.frame_number_matches ? t('answer.frameMatches') : t('answer.frameDiffers')}
        </dd>
        <dt>{t('answer.dealerStamp')}</dt>
        <dd>{answer.dealer_stamp ? t('answer.yes') : t('answer.no')}</dd>
        <dt>{t('answer.answeredAt')}</dt>
        <dd>{formatDate(answer.answered_at, i18n.language)}</dd>
      </dl>
      {answer.pictures.length > 0 ? (
        <PictureList pictures={answer.pictures} />
      ) : (
        <p className={styles.meta}>{t('pictures.none')}</p>
      )}
    </Card>
  );
}

/** The holder's form: what the lock certificate says. Corrections are welcome until the insurer decides. */
function AnswerLockTest({ lockTest }: { lockTest: LockTest }) {
  const { t } = useTranslation(['lock-tests', 'common']);
  const answerLockTest = useAnswerLockTest(lockTest.id);
  const invalidMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const [saved, setSaved] = useState(false);
  const previous = lockTest.answer;
  const form = useZodForm(LockTestAnswerSchema, {
    defaultValues: {
      approval: previous?.approval ?? lockTest.expected_approval,
      certificate_number: previous?.certificate_number ?? '',
      lock_name: previous?.lock_name ?? '',
      key_number: previous?.key_number ?? '',
      bike_id: previous?.bike_id ?? lockTest.bikes[0]?.bike_id ?? '',
      certificate_frame_number: previous?.certificate_frame_number ?? '',
      dealer_stamp: previous?.dealer_stamp ?? false,
      picture_file_ids: [],
    } satisfies AnswerForm,
  });
  const approval = useController({ control: form.control, name: 'approval' });
  const bike = useController({ control: form.control, name: 'bike_id' });
  const [pictures, setPictures] = useState<LockTestPicture[]>(previous?.pictures ?? []);

  const onSubmit = form.handleSubmit(
    async (values) => {
      setSummary(null);
      setSaved(false);
      try {
        await answerLockTest.mutateAsync({
          ...values,
          picture_file_ids: pictures.map((picture) => picture.file_id),
        });
        setSaved(true);
      } catch (error) {
        setSummary({
          title: t('answer.failedTitle'),
          message: applyApiError(error, form.setError, t, [
            'approval',
            'certificate_number',
            'lock_name',
            'key_number',
            'bike_id',
            'certificate_frame_number',
            'dealer_stamp',
          ]),
        });
      }
    },
    (errors) => setSummary(invalidMessage(errors)),
  );

  if (lockTest.bikes.length === 0) {
    return (
      <Alert tone="warning" announce="none" title={t('answer.noBikesTitle')}>
        <p>{t('answer.noBikes')}</p>
      </Alert>
    );
  }

  return (
    <Card title={previous ? t('answer.correctTitle') : t('answer.title')} id="answer">
      <p>{t(`answer.lead.${lockTest.expected_approval}`)}</p>
      <Form onSubmit={onSubmit} aria-labelledby="answer-heading">
        {saved ? (
          <Alert tone="success" title={t('answer.savedTitle')}>
            <p>{t('answer.saved', { insurer: lockTest.insurer.name })}</p>
          </Alert>
        ) : null}
        <ErrorSummary title={summary?.title} message={summary?.message} />
        <RadioGroup
          label={t('answer.approval')}
          name={approval.field.name}
          value={approval.field.value}
          onChange={approval.field.onChange}
          error={approval.fieldState.error?.message}
          options={LOCK_APPROVALS.map((value) => ({
            value,
            label: t(`approval.${value}`),
            description: t(`approvalHint.${value}`),
          }))}
          isRequired
        />
        <FormTextField
          control={form.control}
          name="certificate_number"
          label={t('answer.certificateNumber')}
          description={t(`answer.certificateNumberHint.${approval.field.value}`)}
          isRequired
        />
        <FormTextField control={form.control} name="lock_name" label={t('answer.lockName')} isRequired />
        <FormTextField
          control={form.control}
          name="key_number"
          label={t('answer.keyNumber')}
          description={t('answer.keyNumberHint')}
          isRequired
        />
        <RadioGroup
          label={t('answer.bike')}
          name={bike.field.name}
          value={bike.field.value}
          onChange={bike.field.onChange}
          error={bike.fieldState.error?.message}
          options={lockTest.bikes.map((candidate) => ({
            value: candidate.bike_id,
            label: bikeLabel(candidate),
          }))}
          isRequired
        />
        <FormTextField
          control={form.control}
          name="certificate_frame_number"
          label={t('answer.certificateFrameNumber')}
          description={t('answer.certificateFrameNumberHint')}
          isRequired
        />
        <FormCheckbox control={form.control} name="dealer_stamp">
          {t('answer.dealerStampCheck')}
        </FormCheckbox>
        <PicturePicker
          bikeId={bike.field.value}
          pictures={pictures}
          onChange={(next) => {
            setPictures(next);
            setSaved(false);
          }}
        />
        <FormActions>
          <Button type="submit" isPending={answerLockTest.isPending}>
            {previous ? t('answer.resubmit') : t('answer.submit')}
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}

/** The insurer's verdict on an answer: approve, or reject with a reason the holder is mailed. */
function DecideLockTest({ lockTest }: { lockTest: LockTest }) {
  const { t } = useTranslation(['lock-tests', 'common']);
  const decide = useDecideLockTest(lockTest.id);
  const invalidMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const form = useZodForm(LockTestDecisionSchema, {
    defaultValues: { decision: 'approved', reason: '' } satisfies DecisionForm,
  });
  const decision = useController({ control: form.control, name: 'decision' });

  const onSubmit = form.handleSubmit(
    async (values) => {
      setSummary(null);
      try {
        await decide.mutateAsync(values);
      } catch (error) {
        setSummary({
          title: t('decision.failedTitle'),
          message: applyApiError(error, form.setError, t, ['decision', 'reason']),
        });
      }
    },
    (errors) => setSummary(invalidMessage(errors)),
  );

  return (
    <Card title={t('decision.title')} id="decision">
      <p>{t('decision.lead')}</p>
      <Form onSubmit={onSubmit} aria-labelledby="decision-heading">
        <ErrorSummary title={summary?.title} message={summary?.message} />
        <RadioGroup
          label={t('decision.choice')}
          name={decision.field.name}
          value={decision.field.value}
          onChange={decision.field.onChange}
          error={decision.fieldState.error?.message}
          options={[
            { value: 'approved', label: t('decision.approve') },
            { value: 'rejected', label: t('decision.reject') },
          ]}
          isRequired
        />
        <FormTextField
          control={form.control}
          name="reason"
          label={t('decision.reason')}
          description={t('decision.reasonHint')}
          isRequired={decision.field.value === 'rejected'}
          isOptional={decision.field.value !== 'rejected'}
        />
        <FormActions>
          <Button type="submit" isPending={decide.isPending}>
            {t('decision.submit')}
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}

/**
 * /insurance/{insurerPartyId}/lock-test-portal/{lockTestResponseId} — one lock test: the holder
 * answers it from their lock certificate; the insurer reads the answer and decides.
 */
export function Component() {
  const { t, i18n } = useTranslation(['lock-tests', 'common']);
  const { insurerPartyId = '', lockTestResponseId = '' } = useParams();
  const lockTest = useLockTest(lockTestResponseId);

  if (lockTest.isPending) return <LoadingState />;
  if (lockTest.isError) {
    return (
      <LoadErrorPage
        title={t('detail.title')}
        alertTitle={t('detail.loadFailed')}
        error={lockTest.error}
        retry={() => void lockTest.refetch()}
        width="reading"
      />
    );
  }
  const data = lockTest.data;
  // The holder's answers leave out the address asked; the insurer's and our staff's carry it.
  const asHolder = data.requested_email === null;
  const policy = data.policy.insurer_policy_number ?? t('list.policyApplication');

  return (
    <PageLayout
      title={t('detail.title')}
      lead={t('detail.lead', { insurer: data.insurer.name, policy })}
      width="reading"
    >
      <div className={styles.stack}>
        <p>
          <LockTestStatusBadge status={data.status} />{' '}
          <span className={styles.meta}>
            {t('list.asked', { date: formatDate(data.created_at, i18n.language) })}
          </span>
        </p>
        {data.status === 'approved' ? (
          <Alert tone="success" title={t('detail.approvedTitle')}>
            <p>
              {asHolder
                ? t('detail.approvedHolder', { insurer: data.insurer.name })
                : t('detail.approvedInsurer')}
            </p>
          </Alert>
        ) : null}
        {data.status === 'rejected' ? (
          <Alert tone="warning" title={t('detail.rejectedTitle')}>
            <p>{t('detail.rejectedReason', { reason: data.decision_reason ?? '' })}</p>
          </Alert>
        ) : null}
        {!asHolder && data.requested_email ? (
          <p className={styles.breakable}>{t('detail.askedOf', { email: data.requested_email })}</p>
        ) : null}
        {asHolder && canAnswerLockTest(data.status) ? <AnswerLockTest lockTest={data} /> : null}
        {!asHolder || !canAnswerLockTest(data.status) ? <AnswerSummary lockTest={data} /> : null}
        {!asHolder && data.status === 'requested' ? <p>{t('detail.waitingForHolder')}</p> : null}
        {!asHolder && data.status === 'answered' ? <DecideLockTest lockTest={data} /> : null}
        <div className={styles.actions}>
          <LinkButton variant="secondary" href={paths.insurance.lockTestPortal.getHref({ insurerPartyId })}>
            {t('detail.back')}
          </LinkButton>
        </div>
      </div>
    </PageLayout>
  );
}
