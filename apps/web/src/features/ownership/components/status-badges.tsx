import type { RequestStatus, TransferStatus, VerificationStatus } from '@nbr/domain/ownership';
import { useTranslation } from 'react-i18next';
import styles from '../ownership.module.css';

type Tone = 'info' | 'success' | 'warning' | 'danger' | 'muted';

const TONE_CLASS: Record<Tone, string | undefined> = {
  info: undefined,
  success: styles.badgeSuccess,
  warning: styles.badgeWarning,
  danger: styles.badgeDanger,
  muted: styles.badgeMuted,
};

function Badge({ tone, children }: { tone: Tone; children: string }) {
  return <span className={[styles.badge, TONE_CLASS[tone]].filter(Boolean).join(' ')}>{children}</span>;
}

const TRANSFER_TONES: Record<TransferStatus, Tone> = {
  pending: 'warning',
  accepted: 'success',
  rejected: 'danger',
  cancelled: 'muted',
  expired: 'muted',
};

export function TransferStatusBadge({ status }: { status: TransferStatus }) {
  const { t } = useTranslation('ownership');
  return <Badge tone={TRANSFER_TONES[status]}>{t(`transferStatus.${status}`)}</Badge>;
}

const REQUEST_TONES: Record<RequestStatus, Tone> = {
  open: 'warning',
  offered: 'success',
  declined: 'danger',
  withdrawn: 'muted',
  closed: 'muted',
};

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  const { t } = useTranslation('ownership');
  return <Badge tone={REQUEST_TONES[status]}>{t(`requestStatus.${status}`)}</Badge>;
}

const VERIFICATION_TONES: Record<VerificationStatus, Tone> = {
  not_started: 'muted',
  draft: 'info',
  submitted: 'warning',
  approved: 'success',
  rejected: 'danger',
};

export function VerificationStatusBadge({ status }: { status: VerificationStatus }) {
  const { t } = useTranslation('ownership');
  return <Badge tone={VERIFICATION_TONES[status]}>{t(`verificationStatus.${status}`)}</Badge>;
}
