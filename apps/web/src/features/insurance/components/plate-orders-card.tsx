import { PLATE_ORDER_MAX_QUANTITY, type PlateOrder } from '@nbr/domain/insurance-plate-orders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { usePlateOrderAction, usePlateOrders } from '../api/plate-orders.ts';
import styles from '../lock-tests.module.css';

function OrderItem({
  order,
  insurerPartyId,
  viewer,
}: {
  order: PlateOrder;
  insurerPartyId: string;
  viewer: 'insurer' | 'staff';
}) {
  const { t, i18n } = useTranslation(['plate-orders', 'common']);
  const action = usePlateOrderAction(insurerPartyId);
  const [error, setError] = useState<string | null>(null);
  const act = async (kind: 'cancel' | 'sent') => {
    setError(null);
    try {
      await action.mutateAsync({ id: order.id, action: kind });
    } catch (failure) {
      setError(errorMessage(failure, t));
    }
  };
  return (
    <li className={styles.item}>
      <strong>{t('list.quantity', { count: order.quantity })}</strong>
      <span
        className={styles.badge}
        data-status={
          order.status === 'sent' ? 'approved' : order.status === 'cancelled' ? 'rejected' : order.status
        }
      >
        {t(`status.${order.status}`)}
      </span>
      <p className={`${styles.meta} ${styles.breakable}`}>
        {t('list.from', { email: order.requested_by, date: formatDate(order.created_at, i18n.language) })}
      </p>
      <p className={`${styles.meta} ${styles.breakable}`}>{t('list.subject', { subject: order.subject })}</p>
      {order.sent_at ? (
        <p className={styles.meta}>{t('list.sentAt', { date: formatDate(order.sent_at, i18n.language) })}</p>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {order.status === 'requested' ? (
        <div className={styles.actions}>
          {viewer === 'insurer' ? (
            <Button
              variant="secondary"
              size="small"
              isPending={action.isPending}
              onPress={() => void act('cancel')}
            >
              {t('list.cancel')}
            </Button>
          ) : (
            <Button size="small" isPending={action.isPending} onPress={() => void act('sent')}>
              {t('list.markSent')}
            </Button>
          )}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The insurer's plates ordered by e-mail: where to mail, what was read from each mail, and a way to
 * cancel a mail read as an order by mistake. Our staff see the same list and mark orders sent.
 */
export function PlateOrdersCard({
  insurerPartyId,
  viewer,
}: {
  insurerPartyId: string;
  viewer: 'insurer' | 'staff';
}) {
  const { t } = useTranslation(['plate-orders', 'common']);
  const orders = usePlateOrders(insurerPartyId);
  return (
    <Card title={t('title')} id="plate-orders">
      {orders.isPending ? (
        <LoadingState />
      ) : orders.isError ? (
        <LoadError title={t('loadFailed')} error={orders.error} retry={() => void orders.refetch()} />
      ) : (
        <>
          {orders.data.address ? (
            <p className={styles.breakable}>
              {t('how', { address: orders.data.address, maximum: PLATE_ORDER_MAX_QUANTITY })}
            </p>
          ) : (
            <p>{t('off')}</p>
          )}
          {orders.data.orders.length === 0 ? (
            <p>{t('empty')}</p>
          ) : (
            <ul className={styles.list}>
              {orders.data.orders.map((order) => (
                <OrderItem key={order.id} order={order} insurerPartyId={insurerPartyId} viewer={viewer} />
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}
