import type { LockState } from '@nbr/domain/docks';
import { useTranslation } from 'react-i18next';
import styles from '../docks.module.css';
import { stateKey, stateTone } from '../lib/lock-texts.ts';

/** A lock's state as a coloured word (the colour repeats the word; it never stands alone). */
export function LockStateBadge({ state, isMine = false }: { state: LockState; isMine?: boolean }) {
  const { t } = useTranslation('docks');
  return (
    <span
      className={`${styles.badge} ${styles[`tone-${stateTone(state, isMine)}`] ?? ''}`}
      data-state={state}
    >
      {t(stateKey(state))}
    </span>
  );
}
