import { useTranslation } from 'react-i18next';
import styles from '../ownership.module.css';

export const TRANSFER_STEPS = [
  'mail',
  'answer',
  'cancel',
  'moves',
  'pictures',
  'frameLocked',
  'permanent',
] as const;

/** What happens once the offer is sent (SPEC §2 "a step list of what happens"). */
export function TransferSteps({ headingId }: { headingId?: string }) {
  const { t } = useTranslation('ownership');
  return (
    <ol className={styles.steps} aria-labelledby={headingId}>
      {TRANSFER_STEPS.map((step) => (
        <li key={step}>{t(`transfer.steps.${step}`)}</li>
      ))}
    </ol>
  );
}
