import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useAdminHolderDetails, useRevealNationalId } from '../api/admin-holder-details.ts';
import styles from './admin.module.css';

/**
 * The holder's national id on the insurer's bike page, masked (the read is audited). "Show national id" asks why (required; kept in the audit event) and shows the
 * number in full until the page is left.
 */
export function HolderDetailsCard({ policyId }: { policyId: string }) {
  const { t } = useTranslation(['insurer-admin', 'common']);
  const details = useAdminHolderDetails(policyId);
  const reveal = useRevealNationalId(policyId);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (details.isPending) return null;
  if (details.isError) {
    const notGiven = isApiError(details.error) && details.error.status === 404;
    return (
      <Card title={t('holder.title')} id="holder">
        {notGiven ? (
          <p>{t('holder.notGiven')}</p>
        ) : (
          <Alert tone="error">{errorMessage(details.error, t)}</Alert>
        )}
      </Card>
    );
  }

  const data = details.data;
  const revealed = reveal.data?.national_id_revealed ? reveal.data.identitySocialNumber : null;
  const submit = async () => {
    setError(null);
    if (reason.trim() === '') {
      setError('required');
      return;
    }
    try {
      await reveal.mutateAsync(reason);
      setAsking(false);
    } catch (failure) {
      setError(errorMessage(failure, t));
    }
  };

  return (
    <Card title={t('holder.title')} id="holder">
      <dl className={styles.details}>
        <dt>{t('holder.name')}</dt>
        <dd>{data.name ?? '–'}</dd>
        <dt>{t('holder.nationalId')}</dt>
        <dd data-testid="holder-national-id">{revealed ?? data.identitySocialNumber ?? '–'}</dd>
      </dl>
      {revealed ? <Alert tone="info">{t('holder.revealedNote')}</Alert> : null}
      {!revealed && data.identitySocialNumber && !asking ? (
        <div className={styles.actions}>
          <Button variant="secondary" onPress={() => setAsking(true)}>
            {t('holder.show')}
          </Button>
        </div>
      ) : null}
      {asking && !revealed ? (
        <form
          className={styles.decision}
          aria-label={t('holder.show')}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextField
            label={t('holder.reason')}
            description={t('holder.reasonHelp')}
            value={reason}
            onChange={setReason}
            error={error}
            isRequired
            autoFocus
          />
          <div className={styles.actions}>
            <Button type="submit" isPending={reveal.isPending}>
              {t('holder.confirm')}
            </Button>
            <Button variant="secondary" onPress={() => setAsking(false)}>
              {t('holder.cancel')}
            </Button>
          </div>
        </form>
      ) : null}
    </Card>
  );
}
