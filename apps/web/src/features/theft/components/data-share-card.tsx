import type { TheftReport } from '@nbr/domain/theft';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { useWithdrawDataShare } from '../api/withdraw-data-share.ts';
import styles from '../theft.module.css';
import { formatMoment } from './theft-report-details.tsx';

/**
 * Whether the report is shared with the owner's insurer, and the way to stop it: consent is
 * withdrawable at any time, as easily as it was given (insurance.md §6). Withdrawing stops further
 * sharing; what the insurer already received stays with them.
 */
export function DataShareCard({ bikeId, report }: { bikeId: string; report: TheftReport }) {
  const { t, i18n } = useTranslation(['theft', 'common']);
  const withdraw = useWithdrawDataShare(bikeId);
  const [error, setError] = useState<string | null>(null);
  if (!report.acknowledgement_data_share) return null;

  const stop = async () => {
    setError(null);
    try {
      await withdraw.mutateAsync();
    } catch (failure) {
      setError(errorMessage(failure, t));
    }
  };

  return (
    <Card title={t('dataShare.title')} id="data-share">
      {report.data_share_withdrawn_at ? (
        <p>
          {t('dataShare.withdrawn', { date: formatMoment(report.data_share_withdrawn_at, i18n.language) })}
        </p>
      ) : (
        <>
          <p>{t('dataShare.shared')}</p>
          <div className={styles.actions}>
            <Button variant="secondary" isPending={withdraw.isPending} onPress={() => void stop()}>
              {t('dataShare.withdraw')}
            </Button>
          </div>
        </>
      )}
      {error ? <Alert tone="error">{error}</Alert> : null}
    </Card>
  );
}
