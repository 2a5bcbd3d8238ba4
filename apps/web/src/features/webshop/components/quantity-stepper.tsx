import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import styles from '../webshop.module.css';

/** Fewer / more of one line, with the count read out (a removed line leaves the basket). */
export function QuantityStepper({
  name,
  quantity,
  max,
  onChange,
}: {
  name: string;
  quantity: number;
  max: number;
  onChange: (quantity: number) => void;
}) {
  const { t } = useTranslation('webshop');
  return (
    <fieldset className={styles.quantity}>
      <legend className={styles.legend}>{t('basket.quantityOf', { name })}</legend>
      <Button
        variant="secondary"
        size="small"
        onPress={() => onChange(quantity - 1)}
        aria-label={quantity > 1 ? t('basket.fewer', { name }) : t('basket.remove', { name })}
      >
        −
      </Button>
      <span className={styles.quantityValue} aria-live="polite">
        {quantity}
      </span>
      <Button
        variant="secondary"
        size="small"
        onPress={() => onChange(quantity + 1)}
        isDisabled={quantity >= max}
        aria-label={t('basket.more', { name })}
      >
        +
      </Button>
    </fieldset>
  );
}
