import type { ChatMessage } from '@nbr/domain/chats';
import type { OwnershipBike, TransferAction, TransferStatus } from '@nbr/domain/ownership';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import {
  useAcceptTransfer,
  useCancelTransfer,
  useRejectTransfer,
} from '../../../lib/api/ownership/transfers.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { Link } from '../../../ui/link.tsx';
import { messagesQueryKey } from '../api/get-messages.ts';
import styles from '../chats.module.css';
import { type MessagesData, updateOffers } from '../lib/chat-cache.ts';
import { bikeSubtitle, bikeTitle } from '../lib/chat-labels.ts';
import { ChatThumbnail } from './chat-thumbnail.tsx';

const STATUS_CLASS: Partial<Record<TransferStatus, string | undefined>> = {
  pending: styles.statusPending,
  accepted: styles.statusAccepted,
};

/** What each action says and asks; accepting is permanent, so every action is confirmed first. */
const ACTION_TEXTS = {
  accept: {
    button: 'offer.accept',
    title: 'offer.acceptTitle',
    body: 'offer.acceptBody',
    confirm: 'offer.acceptConfirm',
  },
  reject: {
    button: 'offer.reject',
    title: 'offer.rejectTitle',
    body: 'offer.rejectBody',
    confirm: 'offer.rejectConfirm',
  },
  cancel: {
    button: 'offer.cancel',
    title: 'offer.cancelTitle',
    body: 'offer.cancelBody',
    confirm: 'offer.cancelConfirm',
  },
} as const;

const DONE_TEXTS = {
  accept: 'offer.done.accepted',
  reject: 'offer.done.rejected',
  cancel: 'offer.done.cancelled',
} as const;

/**
 * A transfer offer in the chat: the bike, the offer's state and, for whoever may act on it, the
 * buttons (accept or reject for the recipient, withdraw for the sender). The card follows the
 * offer's live state: the server pushes every change, and an action's answer updates it at once.
 */
export function OfferCard({ message, bike }: { message: ChatMessage; bike: OwnershipBike | null }) {
  const { t } = useTranslation(['chats', 'common']);
  const [asking, setAsking] = useState<TransferAction | null>(null);
  const [done, setDone] = useState<TransferAction | null>(null);
  const queryClient = useQueryClient();
  const accept = useAcceptTransfer();
  const reject = useRejectTransfer();
  const cancel = useCancelTransfer();
  const cardRef = useRef<HTMLElement>(null);
  // The button that opened the dialog is gone once the offer is decided: focus goes to the card
  // (its new state and the outcome) instead of being lost to the page.
  useEffect(() => {
    if (done && !asking) cardRef.current?.focus();
  }, [done, asking]);
  const offer = message.offer;
  if (!offer) return null;

  const mutations = { accept, reject, cancel } as const;
  const subtitle = bikeSubtitle(bike);
  const headingId = `offer-${message.id}`;

  const run = async (action: TransferAction) => {
    const transfer = await mutations[action].mutateAsync({ transferId: offer.transfer_id });
    // The card shows the new state at once; the refetch that follows brings the server's own view.
    queryClient.setQueryData<MessagesData>(messagesQueryKey(message.chat_id), (data) =>
      data ? updateOffers(data, transfer.transfer_id, transfer.status) : data,
    );
    setDone(action);
  };

  return (
    <section className={styles.offer} aria-labelledby={headingId} ref={cardRef} tabIndex={-1}>
      <h3 id={headingId} className={styles.offerTitle}>
        {t('offer.title')}
      </h3>
      <div className={styles.offerBike}>
        <ChatThumbnail url={bike?.thumbnail_url ?? null} size="small" />
        <div>
          <p className={styles.offerBikeName}>{bikeTitle(bike, t)}</p>
          {subtitle ? <p className={styles.muted}>{subtitle}</p> : null}
        </div>
      </div>
      {bike?.frame_number || bike?.plate_id ? (
        <dl className={styles.facts}>
          {bike.frame_number ? (
            <>
              <dt>{t('bike.frameNumber')}</dt>
              <dd>{bike.frame_number}</dd>
            </>
          ) : null}
          {bike.plate_id ? (
            <>
              <dt>{t('bike.plateId')}</dt>
              <dd>{bike.plate_id}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <p className={styles.muted}>
        <span className="visually-hidden">{t('offer.statusLabel')}: </span>
        <span className={[styles.statusBadge, STATUS_CLASS[offer.status]].filter(Boolean).join(' ')}>
          {t(`offer.status.${offer.status}`)}
        </span>
      </p>
      {done && offer.actions.length === 0 ? (
        <Alert tone="success">
          {t(DONE_TEXTS[done])}
          {done === 'accept' && bike ? (
            <>
              {' '}
              <Link href={paths.app.bike.getHref({ bikeId: bike.bike_id })}>{t('offer.done.openBike')}</Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      {offer.actions.length > 0 ? (
        <div className={styles.actions}>
          {offer.actions.map((action) => (
            <Button
              key={action}
              size="small"
              variant={action === 'accept' ? 'primary' : action === 'reject' ? 'secondary' : 'danger'}
              onPress={() => setAsking(action)}
            >
              {t(ACTION_TEXTS[action].button)}
            </Button>
          ))}
        </div>
      ) : null}
      {asking ? (
        <ConfirmDialog
          isOpen
          onOpenChange={(isOpen) => {
            if (!isOpen) setAsking(null);
          }}
          title={t(ACTION_TEXTS[asking].title)}
          confirmLabel={t(ACTION_TEXTS[asking].confirm)}
          cancelLabel={t('offer.keep')}
          variant={asking === 'accept' ? 'primary' : 'danger'}
          onConfirm={() => run(asking)}
          describeError={(error) => errorMessage(error, t)}
        >
          <p>{t(ACTION_TEXTS[asking].body)}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
