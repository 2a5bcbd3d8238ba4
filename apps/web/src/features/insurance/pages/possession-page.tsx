import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_MAX_BYTES,
  PICTURE_CONTENT_TYPES,
  PICTURE_MAX_BYTES,
} from '@nbr/domain/bikes';
import {
  type InsuredItem,
  isPossessionEditable,
  MAX_OTHER_IMAGES,
  type Policy,
  type Possession,
  type PossessionUpload,
  REQUIRED_UPLOADS,
  type RequiredUpload,
} from '@nbr/domain/insurance';
import { useId, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useAddPossessionUpload } from '../api/hub-add-upload.ts';
import { usePossession } from '../api/hub-get-possession.ts';
import { useRemovePossessionUpload } from '../api/hub-remove-upload.ts';
import { useSubmitPossession } from '../api/hub-submit-possession.ts';
import styles from '../hub.module.css';
import { CheckStatusBadge, insuredBikeName, NotOnPolicy, WithInsuredBike } from './hub-parts.tsx';

/** A receipt and a lock's certificate may be PDFs; everything else is a picture. */
const TAKES_DOCUMENTS: readonly RequiredUpload[] = ['receipt', 'lock_proof'];

/** Some systems give a file no content type: the name's extension decides then. */
const TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

function contentTypeOf(file: File): string {
  if (file.type) return file.type.toLowerCase();
  return TYPE_BY_EXTENSION[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? '';
}

/** The API's limits, checked before anything leaves the phone (the API checks again, by the bytes). */
function fileProblem(file: File, kind: RequiredUpload): 'unsupported' | 'tooLarge' | 'empty' | null {
  const documents = TAKES_DOCUMENTS.includes(kind);
  const types: readonly string[] = documents ? DOCUMENT_CONTENT_TYPES : PICTURE_CONTENT_TYPES;
  const type = contentTypeOf(file);
  if (file.size === 0) return 'empty';
  if (!types.includes(type)) return 'unsupported';
  const isPdf = type === 'application/pdf';
  if (file.size > (isPdf ? DOCUMENT_MAX_BYTES : PICTURE_MAX_BYTES)) return 'tooLarge';
  return null;
}

function UploadedFile({
  upload,
  editable,
  onRemove,
  removing,
}: {
  upload: PossessionUpload;
  editable: boolean;
  onRemove: () => void;
  removing: boolean;
}) {
  const { t } = useTranslation('insurance-hub');
  const label = t(`uploadKinds.${upload.kind}`);
  return (
    <li className={styles.upload}>
      {upload.thumbnail_url ? (
        <a href={upload.url} target="_blank" rel="noreferrer">
          <img
            src={upload.thumbnail_url}
            alt={t('possession.pictureAlt', { kind: label })}
            className={styles.thumb}
          />
        </a>
      ) : (
        <Link href={upload.url} external>
          {t('possession.openDocument', { kind: label })}
        </Link>
      )}
      {editable ? (
        <Button
          size="small"
          variant="secondary"
          isPending={removing}
          onPress={onRemove}
          aria-label={t('possession.removeLabel', { kind: label })}
        >
          {t('possession.remove')}
        </Button>
      ) : null}
    </li>
  );
}

function KindSection({
  kind,
  required,
  possession,
  policyId,
}: {
  kind: RequiredUpload;
  required: boolean;
  possession: Possession;
  policyId: string;
}) {
  const { t } = useTranslation(['insurance-hub', 'common']);
  const add = useAddPossessionUpload(possession.insured_item_id, possession.bike_id, policyId);
  const remove = useRemovePossessionUpload(possession.insured_item_id, policyId);
  const [status, setStatus] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const statusId = useId();
  const uploads = possession.uploads.filter((upload) => upload.kind === kind);
  const editable = isPossessionEditable(possession.verification_status);
  const room = kind === 'other_images' ? uploads.length < MAX_OTHER_IMAGES : true;
  const label = t(`uploadKinds.${kind}`);

  const onSelect = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    const problem = fileProblem(file, kind);
    if (problem) {
      setStatus({ tone: 'error', text: t(`possession.fileProblem.${problem}`) });
      return;
    }
    setStatus(null);
    try {
      await add.mutateAsync({ kind, file });
      setStatus({ tone: 'success', text: t('possession.uploaded', { kind: label }) });
    } catch (error) {
      setStatus({ tone: 'error', text: errorMessage(error, t) });
    }
  };

  return (
    <Card title={label} headingLevel={3}>
      <p className={styles.muted}>
        {required ? t('possession.required') : t('optional')} – {t(`intro.why.${kind}`)}
      </p>
      {uploads.length > 0 ? (
        <ul className={styles.uploads} aria-label={t('possession.uploadsOf', { kind: label })}>
          {uploads.map((upload) => (
            <UploadedFile
              key={upload.id}
              upload={upload}
              editable={editable}
              removing={remove.isPending && remove.variables === upload.id}
              onRemove={() =>
                remove.mutate(upload.id, {
                  onError: (error) => setStatus({ tone: 'error', text: errorMessage(error, t) }),
                })
              }
            />
          ))}
        </ul>
      ) : null}
      {editable && room ? (
        <div className={styles.actions}>
          <FileTrigger
            acceptedFileTypes={TAKES_DOCUMENTS.includes(kind) ? ['image/*', 'application/pdf'] : ['image/*']}
            onSelect={(files) => void onSelect(files)}
          >
            <Button variant="secondary" isPending={add.isPending} aria-describedby={statusId}>
              {uploads.length > 0 && kind !== 'other_images'
                ? t('possession.replace', { kind: label })
                : t('possession.choose', { kind: label })}
            </Button>
          </FileTrigger>
        </div>
      ) : null}
      <div id={statusId}>{status ? <Alert tone={status.tone}>{status.text}</Alert> : null}</div>
    </Card>
  );
}

function PossessionForm({ policy, item }: { policy: Policy; item: InsuredItem }) {
  const { t } = useTranslation(['insurance-hub', 'common']);
  const possession = usePossession(item.id);
  const submit = useSubmitPossession(item.id, policy.id);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const ids = { insurerPartyId: policy.insurer.party_id, policyId: policy.id, bikeId: item.bike_id };
  if (possession.isError && !possession.data)
    return (
      <LoadError title={t('loadFailed')} error={possession.error} retry={() => void possession.refetch()} />
    );
  if (!possession.data) return <LoadingState />;
  const data = possession.data;
  const editable = isPossessionEditable(data.verification_status);
  const missing = [
    ...data.missing_uploads.map((kind) => t(`uploadKinds.${kind}`)),
    ...data.missing_details.map((detail) => t(`details.${detail}`)),
  ];

  const onSubmit = async () => {
    setSubmitError(null);
    try {
      await submit.mutateAsync();
    } catch (error) {
      setSubmitError(isApiError(error) ? errorMessage(error, t) : t('common:messages.somethingWrong'));
    }
  };

  return (
    <>
      <p className={styles.statusLine}>
        <span>{t('hub.bikeStatus')}</span>
        <CheckStatusBadge status={data.verification_status} />
      </p>
      {data.verification_status === 'rejected' ? (
        <Alert tone="error" title={t('hub.rejectedTitle')} announce="none">
          <p>{t('hub.reason', { reason: data.rejection_reason ?? '' })}</p>
        </Alert>
      ) : null}
      {data.verification_status === 'pending' ? (
        <Alert tone="info" title={t('possession.sentTitle')}>
          <p>{t('hub.pendingText')}</p>
        </Alert>
      ) : null}
      {data.verification_status === 'verified' ? (
        <Alert tone="success" announce="none">
          <p>{t('hub.verifiedText')}</p>
        </Alert>
      ) : null}
      {editable && data.missing_details.length > 0 ? (
        <Alert tone="warning" title={t('possession.detailsTitle')} announce="none">
          <p>{t('possession.detailsText')}</p>
          <LinkButton href={paths.insurance.policyEditBike.getHref(ids)} variant="secondary" size="small">
            {t('hub.editBike')}
          </LinkButton>
        </Alert>
      ) : null}
      {REQUIRED_UPLOADS.map((kind) => (
        <KindSection
          key={kind}
          kind={kind}
          required={data.required_uploads.includes(kind)}
          possession={data}
          policyId={policy.id}
        />
      ))}
      {editable ? (
        <Card title={t('possession.sendTitle')}>
          {missing.length > 0 ? (
            <>
              <p className={styles.muted}>{t('hub.missingTitle')}</p>
              <ul className={styles.missing}>
                {missing.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            </>
          ) : (
            <p className={styles.muted}>{t('possession.readyText')}</p>
          )}
          {submitError ? <Alert tone="error">{submitError}</Alert> : null}
          <div className={styles.actions}>
            <Button onPress={() => void onSubmit()} isPending={submit.isPending}>
              {t('possession.send')}
            </Button>
          </div>
        </Card>
      ) : null}
      <div className={styles.actions}>
        <LinkButton href={paths.insurance.policyHub.getHref(ids)} variant="secondary">
          {t('backToHub')}
        </LinkButton>
      </div>
    </>
  );
}

/** …/bikes/{bikeId}/verify-bike-possession — the uploads, one kind at a time, and sending them for checking. */
export function Component() {
  const { t } = useTranslation('insurance-hub');
  return (
    <WithInsuredBike title={t('possession.title')}>
      {({ policy, item, params }) =>
        item ? (
          <PageLayout
            title={t('possession.title')}
            lead={t('possession.lead', { name: insuredBikeName(item), insurer: policy.insurer.name })}
            width="form"
          >
            <PossessionForm policy={policy} item={item} />
          </PageLayout>
        ) : (
          <NotOnPolicy title={t('possession.title')} params={params} />
        )
      }
    </WithInsuredBike>
  );
}
