import type { WebhookDelivery } from '@nbr/domain/checks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { useWebhook } from '../api/get-webhook.ts';
import { useResendWebhookEvent } from '../api/resend-webhook-event.ts';
import styles from '../organisations.module.css';

/**
 * The webhook's newest events and how their delivery went (issue 32 §1): id, type, time, status and
 * attempts, the last HTTP status or why there was none. A failed one can be sent again.
 */
export function WebhookDeliveries({ organisationId }: { organisationId: string }) {
  const { t, i18n } = useTranslation(['organisations', 'common']);
  const overview = useWebhook(organisationId);
  const resend = useResendWebhookEvent(organisationId);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const deliveries = overview.data?.deliveries ?? [];
  if (!overview.data) return null;

  const lastOutcome = (delivery: WebhookDelivery) => {
    if (delivery.last_http_status !== null)
      return t('webhook.httpStatus', { status: delivery.last_http_status });
    if (delivery.last_error) return t(`webhook.errors.${delivery.last_error}`);
    return null;
  };

  const onResend = async (eventId: string) => {
    setNotice(null);
    try {
      await resend.mutateAsync(eventId);
      setNotice({ tone: 'success', text: t('webhook.resent') });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, t) });
    }
  };

  return (
    <Card title={t('webhook.deliveriesTitle')} id="webhook-deliveries">
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {deliveries.length === 0 ? <p className={styles.meta}>{t('webhook.noDeliveries')}</p> : null}
      {deliveries.length > 0 ? (
        <ul className={styles.members} aria-label={t('webhook.deliveriesTitle')}>
          {deliveries.map((delivery) => {
            const outcome = lastOutcome(delivery);
            return (
              <li key={delivery.event_id} className={styles.member} data-testid="webhook-delivery">
                <div>
                  <p className={styles.memberName}>
                    {t(`webhook.types.${delivery.type.replaceAll('.', '_')}`)} ·{' '}
                    {t(`webhook.statuses.${delivery.status}`)}
                  </p>
                  <p className={`${styles.meta} ${styles.address}`}>
                    {t('webhook.deliveryMeta', {
                      created: formatDateTime(delivery.created_at, i18n.language),
                      count: delivery.attempts,
                    })}
                    {outcome ? ` · ${outcome}` : null}
                  </p>
                  <p className={`${styles.meta} ${styles.address}`}>
                    {t('webhook.eventId', { id: delivery.event_id })}
                  </p>
                </div>
                {delivery.status === 'failed' ? (
                  <div className={styles.memberControls}>
                    <Button
                      variant="secondary"
                      size="small"
                      isPending={resend.isPending && resend.variables === delivery.event_id}
                      aria-label={t('webhook.resendLabel', { id: delivery.event_id })}
                      onPress={() => void onResend(delivery.event_id)}
                    >
                      {t('webhook.resend')}
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </Card>
  );
}
