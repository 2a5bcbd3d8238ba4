import type { StaffOrder } from '@nbr/domain/webshop';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { ErrorSummary, Form, FormActions } from '../../../ui/form.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useMoveShipment } from '../api/move-shipment.ts';
import { useRefundOrder } from '../api/refund-order.ts';

/** Orders a refund may be asked for (the API decides whether the provider can give the money back). */
const REFUNDABLE = new Set(['paid', 'fulfilled']);

/** One order: buyer, lines, total and state; pack, ship with a tracking number, refund (admins). */
export function StaffOrderItem({ order, canRefund }: { order: StaffOrder; canRefund: boolean }) {
  const { t, i18n } = useTranslation('backoffice-ops');
  const move = useMoveShipment();
  const refund = useRefundOrder();
  const [tracking, setTracking] = useState('');
  const [confirmRefund, setConfirmRefund] = useState(false);
  const number = order.receipt_number ?? order.id.slice(0, 8);
  const address = order.shipping_address;

  const onShip = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    move.mutate({
      orderId: order.id,
      status: 'shipped',
      ...(tracking.trim() ? { trackingNumber: tracking.trim() } : {}),
    });
  };

  return (
    <li className={staffPage.item} aria-labelledby={`order-${order.id}`}>
      <h3 id={`order-${order.id}`} className={staffPage.itemTitle}>
        {t('orders.orderTitle', { number })}
      </h3>
      <dl className={staffPage.facts}>
        <div>
          <dt>{t('orders.buyer')}</dt>
          <dd>{order.buyer_email ?? t('orders.buyerDeleted')}</dd>
        </div>
        <div>
          <dt>{t('orders.created')}</dt>
          <dd>{formatDate(order.created_at, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('orders.status')}</dt>
          <dd>{t(`orders.statuses.${order.status}`)}</dd>
        </div>
        <div>
          <dt>{t('orders.shipment')}</dt>
          <dd data-testid="shipment-status">{t(`orders.shipments.${order.shipment_status}`)}</dd>
        </div>
        {order.tracking_number ? (
          <div>
            <dt>{t('orders.trackingNumber')}</dt>
            <dd>{order.tracking_number}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('orders.total')}</dt>
          <dd>{formatMoney(order.total_minor, order.currency, i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('orders.lines')}</dt>
          <dd>{order.lines.map((line) => `${line.quantity} × ${line.description}`).join(', ')}</dd>
        </div>
        {address ? (
          <div>
            <dt>{t('orders.shipTo')}</dt>
            <dd>
              {[
                address.name,
                address.street_address,
                `${address.zip_code} ${address.city}`,
                address.country,
              ].join(', ')}
            </dd>
          </div>
        ) : null}
      </dl>
      <ErrorSummary message={move.isError ? errorMessage(move.error, t) : null} />
      {order.shipment_status === 'waiting' && order.status === 'fulfilled' ? (
        <div className={staffPage.actions}>
          <Button
            size="small"
            onPress={() => move.mutate({ orderId: order.id, status: 'packed' })}
            isPending={move.isPending}
          >
            {t('orders.pack')}
          </Button>
        </div>
      ) : null}
      {order.shipment_status === 'packed' ? (
        <Form onSubmit={onShip} aria-label={t('orders.shipTitle', { number })}>
          <TextField
            label={t('orders.trackingNumber')}
            isOptional
            value={tracking}
            onChange={setTracking}
            maxLength={100}
            autoComplete="off"
          />
          <FormActions>
            <Button type="submit" size="small" isPending={move.isPending}>
              {t('orders.ship')}
            </Button>
          </FormActions>
        </Form>
      ) : null}
      {canRefund && REFUNDABLE.has(order.status) && order.total_minor > 0 ? (
        <div className={staffPage.actions}>
          <Button size="small" variant="danger" onPress={() => setConfirmRefund(true)}>
            {t('orders.refund')}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={confirmRefund}
        onOpenChange={setConfirmRefund}
        title={t('orders.refundTitle', { number })}
        confirmLabel={t('orders.refundConfirm')}
        variant="danger"
        onConfirm={() => refund.mutateAsync(order.id)}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>
          {t('orders.refundBody', { amount: formatMoney(order.total_minor, order.currency, i18n.language) })}
        </p>
      </ConfirmDialog>
    </li>
  );
}
