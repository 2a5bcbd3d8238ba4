import type { Currency } from '@nbr/domain/locale';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatMoneyExact } from '../../../lib/format.ts';
import styles from '../webshop.module.css';

export interface ShownLine {
  key: string;
  name: string;
  quantity: number;
  totalMinor: number;
  /** A note under the line (what it is for, the delivery time). */
  meta?: string | undefined;
}

/** Lines and the total incl. VAT with the VAT in it (payments.md §4.1: prices to consumers include VAT). */
export function OrderLines({
  lines,
  totalMinor,
  vatMinor,
  discountMinor = 0,
  currency,
}: {
  lines: readonly ShownLine[];
  totalMinor: number;
  vatMinor: number;
  discountMinor?: number;
  currency: Currency;
}) {
  const { t, i18n } = useTranslation('webshop');
  const money = (minor: number) => formatMoney(minor, currency, i18n.language);
  return (
    <>
      <ul className={styles.lines}>
        {lines.map((line) => (
          <li key={line.key} className={styles.line}>
            <span className={styles.lineName}>
              {line.quantity > 1
                ? t('lines.quantityName', { name: line.name, count: line.quantity })
                : line.name}
            </span>
            <span className={styles.lineAmount}>{money(line.totalMinor)}</span>
            {line.meta ? <span className={styles.lineMeta}>{line.meta}</span> : null}
          </li>
        ))}
      </ul>
      <dl className={styles.totals}>
        {discountMinor > 0 ? (
          <>
            <dt>{t('lines.discount')}</dt>
            <dd>−{money(discountMinor)}</dd>
          </>
        ) : null}
        <dt className={styles.total}>{t('lines.total')}</dt>
        <dd className={styles.total} data-testid="order-total">
          {money(totalMinor)}
        </dd>
        <dt className={styles.muted}>{t('lines.vatIncluded')}</dt>
        <dd className={styles.muted} data-testid="order-vat">
          {formatMoneyExact(vatMinor, currency, i18n.language)}
        </dd>
      </dl>
    </>
  );
}
