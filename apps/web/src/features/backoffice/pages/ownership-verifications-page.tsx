import type { FileUploader, OwnershipVerificationQueueItem } from '@nbr/domain/ownership';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useApproveOwnershipVerification } from '../api/approve-ownership-verification.ts';
import { useOwnershipVerifications } from '../api/list-ownership-verifications.ts';
import { useRejectOwnershipVerification } from '../api/reject-ownership-verification.ts';
import styles from '../backoffice.module.css';
import { ReasonDialog } from '../components/reason-dialog.tsx';

/**
 * The ownership-verification queue: owners who sent a picture of the frame number and a proof of
 * purchase, oldest first. Staff open the pictures, then approve (the bike becomes owner-verified)
 * or reject with a reason the owner reads.
 */
export function Component() {
  const { t } = useTranslation('backoffice');
  const queue = useOwnershipVerifications();
  const approve = useApproveOwnershipVerification();
  const reject = useRejectOwnershipVerification();
  const [rejecting, setRejecting] = useState<OwnershipVerificationQueueItem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <PageLayout title={t('ownershipQueue.title')} lead={t('ownershipQueue.lead')}>
      <div className={staffPage.stack}>
        <p className={staffPage.status} role="status">
          {notice ?? (queue.data && queue.data.length === 0 ? t('ownershipQueue.empty') : '')}
        </p>
        {approve.isError ? (
          <Alert tone="error">
            <p>{errorMessage(approve.error, t)}</p>
          </Alert>
        ) : null}
        {queue.isPending ? <LoadingState /> : null}
        {queue.isError ? (
          <Alert tone="error" title={t('loadFailed')}>
            <p>{errorMessage(queue.error, t)}</p>
            <Button variant="secondary" size="small" onPress={() => void queue.refetch()}>
              {t('retry')}
            </Button>
          </Alert>
        ) : null}
        {queue.data && queue.data.length > 0 ? (
          <ul className={staffPage.list} aria-label={t('ownershipQueue.listLabel')}>
            {queue.data.map((item) => (
              <VerificationItem
                key={item.verification_id}
                item={item}
                isApproving={approve.isPending && approve.variables === item.verification_id}
                onApprove={() => {
                  setNotice(null);
                  approve.mutate(item.verification_id, {
                    onSuccess: () => setNotice(t('ownershipQueue.approved', { bike: bikeName(item) })),
                  });
                }}
                onReject={() => setRejecting(item)}
              />
            ))}
          </ul>
        ) : null}
      </div>
      <ReasonDialog
        isOpen={rejecting !== null}
        onOpenChange={(open) => {
          if (!open) setRejecting(null);
        }}
        title={t('ownershipQueue.rejectTitle')}
        confirmLabel={t('ownershipQueue.reject')}
        variant="danger"
        onConfirm={async (reason) => {
          if (!rejecting) return;
          const item = rejecting;
          await reject.mutateAsync({ verificationId: item.verification_id, reason });
          setNotice(t('ownershipQueue.rejected', { bike: bikeName(item) }));
        }}
      >
        <p>{t('ownershipQueue.rejectBody')}</p>
      </ReasonDialog>
    </PageLayout>
  );
}

function bikeName(item: OwnershipVerificationQueueItem): string {
  return (
    item.bike.nickname ?? ([item.bike.brand, item.bike.model].filter(Boolean).join(' ') || item.bike.bike_id)
  );
}

/** Whose a proof is: the owner's own, or — said plainly, for staff to weigh — someone else's. */
function UploaderText({ uploader }: { uploader: FileUploader }) {
  const { t } = useTranslation('backoffice');
  const name = uploader.name ?? t('ownershipQueue.uploaderUnknown');
  return uploader.is_owner ? (
    <>{t('ownershipQueue.uploaderOwner', { name })}</>
  ) : (
    <strong>{t('ownershipQueue.uploaderOther', { name })}</strong>
  );
}

function VerificationItem({
  item,
  isApproving,
  onApprove,
  onReject,
}: {
  item: OwnershipVerificationQueueItem;
  isApproving: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.resolvedLanguage ?? 'da';
  const headingId = `verification-${item.verification_id}`;
  return (
    <li className={`${staffPage.item} ${styles.result}`} aria-labelledby={headingId}>
      <div className={staffPage.stack}>
        <h2 id={headingId} className={staffPage.itemTitle}>
          {bikeName(item)}
        </h2>
        <dl className={`${staffPage.facts} ${styles.facts}`}>
          <div>
            <dt>{t('ownershipQueue.owner')}</dt>
            <dd>{item.owner_name ?? '–'}</dd>
          </div>
          <div>
            <dt>{t('ownershipQueue.frameNumber')}</dt>
            <dd>{item.frame_number ?? item.bike.frame_number ?? '–'}</dd>
          </div>
          {item.submitted_at ? (
            <div>
              <dt>{t('ownershipQueue.submitted')}</dt>
              <dd>{formatDate(item.submitted_at, language)}</dd>
            </div>
          ) : null}
          {item.note ? (
            <div>
              <dt>{t('ownershipQueue.note')}</dt>
              <dd>{item.note}</dd>
            </div>
          ) : null}
          {item.frame_picture_uploader ? (
            <div>
              <dt>{t('ownershipQueue.framePictureUploader')}</dt>
              <dd>
                <UploaderText uploader={item.frame_picture_uploader} />
              </dd>
            </div>
          ) : null}
          {item.proof_file_uploader ? (
            <div>
              <dt>{t('ownershipQueue.proofUploader')}</dt>
              <dd>
                <UploaderText uploader={item.proof_file_uploader} />
              </dd>
            </div>
          ) : null}
        </dl>
        <p className={staffPage.actions}>
          {item.frame_picture_url ? (
            <Link href={item.frame_picture_url} external>
              {t('ownershipQueue.framePicture')}
            </Link>
          ) : null}
          {item.proof_file_url ? (
            <Link href={item.proof_file_url} external>
              {t('ownershipQueue.proof')}
            </Link>
          ) : null}
        </p>
      </div>
      <div className={staffPage.actions}>
        <Button size="small" isPending={isApproving} onPress={onApprove}>
          {t('ownershipQueue.approve')}
        </Button>
        <Button variant="secondary" size="small" onPress={onReject}>
          {t('ownershipQueue.reject')}
        </Button>
      </div>
    </li>
  );
}
