import {
  ORDER_STATUSES,
  type OrderStatus,
  SHIPMENT_STATUSES,
  type ShipmentStatus,
} from '@nbr/domain/webshop';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { LoadError } from '../../../components/load-error.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { Button } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { Select } from '../../../ui/select.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useStaffOrders } from '../api/search-orders.ts';
import styles from '../backoffice-ops.module.css';
import { StaffOrderItem } from '../components/staff-order-item.tsx';
import { useStaffRole } from '../components/use-staff-role.ts';

const ALL = 'all';

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((candidate) => candidate === value) ?? null;
}

/**
 * /backoffice/v2/orders: the shop's orders. Staff find one by number, id or e-mail, or list what
 * waits to be packed; pack it, ship it with the carrier's tracking number (the buyer gets a mail);
 * admins refund. The filters live in the address, so a reload shows the same list.
 */
export function Component() {
  const { t } = useTranslation('backoffice-ops');
  const isAdmin = useStaffRole() === 'admin';
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(() => params.get('query') ?? '');
  const query = useDebouncedValue(text.trim(), 300);
  const status = oneOf<OrderStatus>(ORDER_STATUSES, params.get('status'));
  const shipmentStatus = oneOf<ShipmentStatus>(SHIPMENT_STATUSES, params.get('shipment'));
  const [page, setPage] = useState(1);
  const orders = useStaffOrders({ query, status, shipmentStatus, page });

  const setFilter = (name: 'status' | 'shipment' | 'query', value: string) => {
    const next = new URLSearchParams(params);
    if (value && value !== ALL) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
    setPage(1);
  };

  return (
    <PageLayout title={t('orders.title')} lead={t('orders.lead')}>
      <search className={styles.filters}>
        <TextField
          label={t('orders.search')}
          description={t('orders.searchHint')}
          type="search"
          value={text}
          onChange={(value) => {
            setText(value);
            setFilter('query', value.trim());
          }}
          autoComplete="off"
          spellCheck="false"
        />
        <Select
          label={t('orders.status')}
          options={[
            { value: ALL, label: t('orders.any') },
            ...ORDER_STATUSES.map((value) => ({ value, label: t(`orders.statuses.${value}`) })),
          ]}
          value={status ?? ALL}
          onChange={(value) => setFilter('status', value)}
        />
        <Select
          label={t('orders.shipment')}
          options={[
            { value: ALL, label: t('orders.any') },
            ...SHIPMENT_STATUSES.map((value) => ({ value, label: t(`orders.shipments.${value}`) })),
          ]}
          value={shipmentStatus ?? ALL}
          onChange={(value) => setFilter('shipment', value)}
        />
      </search>
      <section aria-labelledby="orders-heading">
        <h2 id="orders-heading" className={styles.sectionHeading}>
          {t('orders.results')}
        </h2>
        <p className={staffPage.status} role="status">
          {orders.data && orders.data.items.length === 0 ? t('orders.none') : ''}
        </p>
        {orders.isPending ? <LoadingState /> : null}
        {orders.isError ? (
          <LoadError title={t('loadFailed')} error={orders.error} retry={() => void orders.refetch()} />
        ) : null}
        {orders.data && orders.data.items.length > 0 ? (
          <ul className={staffPage.list} aria-label={t('orders.results')}>
            {orders.data.items.map((order) => (
              <StaffOrderItem key={order.id} order={order} canRefund={isAdmin} />
            ))}
          </ul>
        ) : null}
        {orders.data && (page > 1 || orders.data.has_more) ? (
          <nav className={staffPage.pager} aria-label={t('orders.pagination')}>
            <Button variant="secondary" size="small" isDisabled={page <= 1} onPress={() => setPage(page - 1)}>
              {t('orders.previous')}
            </Button>
            <span>{t('orders.page', { page })}</span>
            <Button
              variant="secondary"
              size="small"
              isDisabled={!orders.data.has_more}
              onPress={() => setPage(page + 1)}
            >
              {t('orders.next')}
            </Button>
          </nav>
        ) : null}
      </section>
    </PageLayout>
  );
}
