import type { Transfer } from '@nbr/domain/ownership';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import {
  useAcceptTransfer,
  useCancelTransfer,
  useRejectTransfer,
} from '../../../lib/api/ownership/transfers.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import styles from '../ownership.module.css';
import { OwnershipBikeSummary, useOwnershipBikeTitle } from './ownership-bike.tsx';
import { TransferStatusBadge } from './status-badges.tsx';

/**
 * An offer to me: the bike with frame number and plate (to check it is the bike in front of me),
 * who offers it, and accept (asked first: it is permanent) or reject.
 */
export function IncomingTransferCard({
  transfer,
  code,
  onAccepted,
  headingLevel = 3,
}: {
  transfer: Transfer;
  headingLevel?: 2 | 3 | 4;
  /** The code of the offer e-mail's link, if the person came that way. */
  code?: string;
  onAccepted?: (transfer: Transfer) => void;
}) {
  const { t, i18n } = useTranslation(['ownership', 'common']);
  const title = useOwnershipBikeTitle()(transfer.bike);
  const accept = useAcceptTransfer();
  const reject = useRejectTransfer();
  const [dialog, setDialog] = useState<'accept' | 'reject' | null>(null);
  const canAccept = transfer.actions.includes('accept');
  const canReject = transfer.actions.includes('reject');

  return (
    <li className={styles.item} aria-label={t('transfer.incomingLabel', { name: title })}>
      <div className={styles.itemHeader}>
        <TransferStatusBadge status={transfer.status} />
        <p className={styles.itemMeta}>
          {t('transfer.offeredOn', { date: formatDate(transfer.created_at, i18n.language) })}
        </p>
      </div>
      <OwnershipBikeSummary bike={transfer.bike} headingLevel={headingLevel} />
      <p className={styles.itemMeta}>
        {transfer.sender_name
          ? t('transfer.from', { name: transfer.sender_name })
          : t('transfer.fromUnknown')}
      </p>
      {transfer.status === 'pending' ? (
        <p className={styles.itemMeta}>
          {t('transfer.expiresOn', { date: formatDate(transfer.expires_at, i18n.language) })}
        </p>
      ) : null}
      <div className={styles.itemActions}>
        {canAccept ? (
          <Button size="small" onPress={() => setDialog('accept')}>
            {t('transfer.accept')}
          </Button>
        ) : null}
        {canReject ? (
          <Button size="small" variant="secondary" onPress={() => setDialog('reject')}>
            {t('transfer.reject')}
          </Button>
        ) : null}
        {transfer.chat_id ? (
          <LinkButton
            size="small"
            variant="quiet"
            href={paths.app.chat.getHref({ chatId: transfer.chat_id })}
          >
            {t('transfer.openChat')}
          </LinkButton>
        ) : null}
      </div>
      <ConfirmDialog
        isOpen={dialog === 'accept'}
        onOpenChange={(open) => setDialog(open ? 'accept' : null)}
        title={t('transfer.acceptTitle')}
        confirmLabel={t('transfer.acceptConfirm')}
        onConfirm={async () => {
          const accepted = await accept.mutateAsync({ transferId: transfer.transfer_id, code });
          onAccepted?.(accepted);
        }}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>{t('transfer.acceptText', { name: title })}</p>
        <p>{t('transfer.acceptPermanent')}</p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={dialog === 'reject'}
        onOpenChange={(open) => setDialog(open ? 'reject' : null)}
        title={t('transfer.rejectTitle')}
        confirmLabel={t('transfer.rejectConfirm')}
        variant="danger"
        onConfirm={() => reject.mutateAsync({ transferId: transfer.transfer_id })}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>{t('transfer.rejectText', { name: title })}</p>
      </ConfirmDialog>
    </li>
  );
}

/** An offer I made: to whom, its state, and cancel while it is pending. */
export function OutgoingTransferCard({
  transfer,
  headingLevel = 3,
}: {
  transfer: Transfer;
  headingLevel?: 2 | 3 | 4;
}) {
  const { t, i18n } = useTranslation(['ownership', 'common']);
  const title = useOwnershipBikeTitle()(transfer.bike);
  const cancel = useCancelTransfer();
  const [isOpen, setOpen] = useState(false);
  return (
    <li className={styles.item} aria-label={t('transfer.outgoingLabel', { name: title })}>
      <div className={styles.itemHeader}>
        <TransferStatusBadge status={transfer.status} />
        <p className={styles.itemMeta}>
          {t('transfer.offeredOn', { date: formatDate(transfer.created_at, i18n.language) })}
        </p>
      </div>
      <OwnershipBikeSummary
        bike={transfer.bike}
        headingLevel={headingLevel}
        // Once accepted the bike's identifiers belong to the new owner: they are withheld, not missing.
        withheldLabel={transfer.status === 'accepted' ? t('bike.noLongerYours') : undefined}
      />
      <p className={styles.itemMeta}>
        {transfer.recipient_email
          ? t('transfer.to', { email: transfer.recipient_email })
          : t('transfer.toRequester')}
      </p>
      <div className={styles.itemActions}>
        {transfer.actions.includes('cancel') ? (
          <Button size="small" variant="secondary" onPress={() => setOpen(true)}>
            {t('transfer.cancel')}
          </Button>
        ) : null}
        {transfer.chat_id ? (
          <LinkButton
            size="small"
            variant="quiet"
            href={paths.app.chat.getHref({ chatId: transfer.chat_id })}
          >
            {t('transfer.openChat')}
          </LinkButton>
        ) : null}
      </div>
      <ConfirmDialog
        isOpen={isOpen}
        onOpenChange={setOpen}
        title={t('transfer.cancelTitle')}
        confirmLabel={t('transfer.cancelConfirm')}
        cancelLabel={t('transfer.keepOffer')}
        variant="danger"
        onConfirm={() => cancel.mutateAsync({ transferId: transfer.transfer_id })}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>
          {transfer.recipient_email
            ? t('transfer.cancelText', { name: title, email: transfer.recipient_email })
            : t('transfer.cancelTextRequester', { name: title })}
        </p>
      </ConfirmDialog>
    </li>
  );
}
