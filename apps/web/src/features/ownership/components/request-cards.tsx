import type { OwnershipRequest, Transfer } from '@nbr/domain/ownership';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import {
  useDeclineRequest,
  useOfferRequest,
  useWithdrawRequest,
} from '../../../lib/api/ownership/requests.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import styles from '../ownership.module.css';
import { OwnershipBikeSummary, useOwnershipBikeTitle } from './ownership-bike.tsx';
import { RequestStatusBadge } from './status-badges.tsx';

type Dialog = 'offer' | 'decline' | 'withdraw' | null;

/**
 * A request for a bike: made by me (withdraw) or for my bike (offer a transfer to the requester, or
 * decline). The conversation itself is in the request's chat.
 */
export function RequestCard({
  request,
  headingLevel = 3,
  onOffered,
}: {
  request: OwnershipRequest;
  headingLevel?: 2 | 3 | 4;
  /** The owner's offer went out (the card itself leaves the pending list). */
  onOffered?: (transfer: Transfer) => void;
}) {
  const { t, i18n } = useTranslation(['ownership', 'common']);
  const title = useOwnershipBikeTitle()(request.bike);
  const offer = useOfferRequest();
  const decline = useDeclineRequest();
  const withdraw = useWithdrawRequest();
  const [dialog, setDialog] = useState<Dialog>(null);
  const incoming = request.direction === 'incoming';
  const open = (which: Exclude<Dialog, null>) => () => setDialog(which);
  const onOpenChange = (which: Exclude<Dialog, null>) => (isOpen: boolean) =>
    setDialog(isOpen ? which : null);

  return (
    <li
      className={styles.item}
      aria-label={t(incoming ? 'request.incomingLabel' : 'request.outgoingLabel', { name: title })}
    >
      <div className={styles.itemHeader}>
        <RequestStatusBadge status={request.status} />
        <p className={styles.itemMeta}>
          {t('request.requestedOn', { date: formatDate(request.created_at, i18n.language) })}
        </p>
      </div>
      <OwnershipBikeSummary bike={request.bike} headingLevel={headingLevel} />
      <p className={styles.itemMeta}>
        {incoming
          ? t('request.from', { name: request.requester_name ?? t('request.someone') })
          : t('request.toOwner')}
      </p>
      <div className={styles.itemActions}>
        <LinkButton size="small" href={paths.app.chat.getHref({ chatId: request.chat_id })}>
          {t('request.openChat')}
        </LinkButton>
        {request.actions.includes('offer') ? (
          <Button size="small" variant="secondary" onPress={open('offer')}>
            {t('request.offer')}
          </Button>
        ) : null}
        {request.actions.includes('decline') ? (
          <Button size="small" variant="secondary" onPress={open('decline')}>
            {t('request.decline')}
          </Button>
        ) : null}
        {request.actions.includes('withdraw') ? (
          <Button size="small" variant="secondary" onPress={open('withdraw')}>
            {t('request.withdraw')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        isOpen={dialog === 'offer'}
        onOpenChange={onOpenChange('offer')}
        title={t('request.offerTitle')}
        confirmLabel={t('request.offerConfirm')}
        onConfirm={async () => onOffered?.(await offer.mutateAsync({ requestId: request.request_id }))}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>{t('request.offerText', { name: title })}</p>
        <p>{t('transfer.acceptPermanent')}</p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={dialog === 'decline'}
        onOpenChange={onOpenChange('decline')}
        title={t('request.declineTitle')}
        confirmLabel={t('request.declineConfirm')}
        variant="danger"
        onConfirm={() => decline.mutateAsync({ requestId: request.request_id })}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>{t('request.declineText', { name: title })}</p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={dialog === 'withdraw'}
        onOpenChange={onOpenChange('withdraw')}
        title={t('request.withdrawTitle')}
        confirmLabel={t('request.withdrawConfirm')}
        variant="danger"
        onConfirm={() => withdraw.mutateAsync({ requestId: request.request_id })}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>{t('request.withdrawText', { name: title })}</p>
      </ConfirmDialog>
    </li>
  );
}
