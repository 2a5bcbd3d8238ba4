import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useDeclineRequest,
  useOfferRequest,
  useOwnershipRequests,
} from '../../../lib/api/ownership/requests.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import styles from '../chats.module.css';

type Asking = 'offer' | 'decline' | null;

/**
 * In the chat of an ownership request, the owner answers it where they read it: offer the bike to
 * the person who asked (the offer then shows in this chat) or decline. Nothing for anyone else.
 */
export function RequestActions({ requestId, bikeName }: { requestId: string; bikeName: string }) {
  const { t } = useTranslation(['chats', 'common']);
  const requests = useOwnershipRequests();
  const offer = useOfferRequest();
  const decline = useDeclineRequest();
  const [asking, setAsking] = useState<Asking>(null);
  const [done, setDone] = useState<Exclude<Asking, null> | null>(null);
  const request = requests.data?.find((entry) => entry.request_id === requestId);
  const canOffer = request?.actions.includes('offer') ?? false;
  const canDecline = request?.actions.includes('decline') ?? false;

  if (done) {
    return <Alert tone="success">{done === 'offer' ? t('request.offered') : t('request.declined')}</Alert>;
  }
  if (!canOffer && !canDecline) return null;
  return (
    <section className={styles.offer} aria-labelledby={`request-actions-${requestId}`}>
      <h2 id={`request-actions-${requestId}`} className="visually-hidden">
        {t('request.title')}
      </h2>
      <p>{t('request.text', { name: bikeName })}</p>
      <div className={styles.actions}>
        {canOffer ? (
          <Button size="small" onPress={() => setAsking('offer')}>
            {t('request.offer')}
          </Button>
        ) : null}
        {canDecline ? (
          <Button size="small" variant="secondary" onPress={() => setAsking('decline')}>
            {t('request.decline')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        isOpen={asking === 'offer'}
        onOpenChange={(isOpen) => setAsking(isOpen ? 'offer' : null)}
        title={t('request.offerTitle')}
        confirmLabel={t('request.offerConfirm')}
        onConfirm={async () => {
          await offer.mutateAsync({ requestId });
          setDone('offer');
        }}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>{t('request.offerText', { name: bikeName })}</p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={asking === 'decline'}
        onOpenChange={(isOpen) => setAsking(isOpen ? 'decline' : null)}
        title={t('request.declineTitle')}
        confirmLabel={t('request.declineConfirm')}
        variant="danger"
        onConfirm={async () => {
          await decline.mutateAsync({ requestId });
          setDone('decline');
        }}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>{t('request.declineText', { name: bikeName })}</p>
      </ConfirmDialog>
    </section>
  );
}
