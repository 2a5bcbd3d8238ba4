import type { Order } from '@nbr/domain/webshop';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { hasGoods, type OrderLabel, orderLabel } from '../lib/order-state.ts';
import styles from '../webshop.module.css';
import { OrderSummary } from './order-summary.tsx';
import { ReceiptLink } from './receipt-link.tsx';

const GOOD: ReadonlySet<OrderLabel> = new Set(['paid', 'shipped', 'packed', 'waiting']);
const WARN: ReadonlySet<OrderLabel> = new Set(['failed', 'cancelled', 'refunded']);

/**
 * One order in the list: when, the total, its state (paid, packed, shipped, refunded …), the
 * carrier's tracking number once shipped, the lines, and the receipt as a PDF once paid.
 */
export function OrderCard({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('webshop');
  const label = orderLabel(order);
  const badgeClass = [
    styles.badge,
    GOOD.has(label) ? styles.badgeGood : WARN.has(label) ? styles.badgeWarn : '',
  ]
    .filter(Boolean)
    .join(' ');
  const headingId = `order-${order.id}`;
  return (
    <li className={styles.panel} aria-labelledby={headingId} data-testid="order">
      <div className={styles.orderHeader}>
        <h2 id={headingId} className={styles.sectionHeading}>
          {t('orders.orderOf', { date: formatDate(order.created_at, i18n.language) })}
        </h2>
        <span className={badgeClass}>{t(`orders.status.${label}`)}</span>
      </div>
      <p className={styles.muted}>
        {t('orders.total', { amount: formatMoney(order.total_minor, order.currency, i18n.language) })}
        {order.receipt_number ? ` · ${t('orders.receipt', { number: order.receipt_number })}` : ''}
      </p>
      {hasGoods(order) &&
      order.shipment_status !== 'shipped' &&
      (order.status === 'paid' || order.status === 'fulfilled') ? (
        <p>{t('product.delivery', order.delivery_business_days ?? { min: 7, max: 10 })}</p>
      ) : null}
      {order.shipment_status === 'shipped' && order.tracking_number ? (
        <p data-testid="tracking-number">{t('orders.trackingNumber', { number: order.tracking_number })}</p>
      ) : null}
      {order.shipping_address ? (
        <p className={styles.muted}>
          {t('orders.shipTo', {
            address: `${order.shipping_address.name}, ${order.shipping_address.street_address}, ${order.shipping_address.zip_code} ${order.shipping_address.city}`,
          })}
        </p>
      ) : null}
      <OrderSummary order={order} />
      {order.receipt_url ? <ReceiptLink url={order.receipt_url} /> : null}
    </li>
  );
}
