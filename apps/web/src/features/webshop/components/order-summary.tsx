import type { Order } from '@nbr/domain/webshop';
import { useTranslation } from 'react-i18next';
import { OrderLines } from './order-lines.tsx';

/** An order's lines and totals as the API priced them (the receipt's numbers). */
export function OrderSummary({ order }: { order: Order }) {
  const { t } = useTranslation('webshop');
  return (
    <OrderLines
      lines={order.lines.map((line, index) => ({
        key: `${line.product_id}:${index}`,
        name: line.description,
        quantity: line.quantity,
        totalMinor: line.total_minor,
        meta:
          line.kind === 'plates' || line.kind === 'bikedna'
            ? t('product.delivery', order.delivery_business_days ?? { min: 7, max: 10 })
            : undefined,
      }))}
      totalMinor={order.total_minor}
      vatMinor={order.vat_minor}
      discountMinor={order.discount_minor}
      currency={order.currency}
    />
  );
}
