import type { ApiKey } from '@nbr/domain/checks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useApiKeys } from '../api/get-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import styles from '../organisations.module.css';

/** The organisation's keys with their first characters and last use; a live one can be revoked. */
export function ApiKeyList({ organisationId }: { organisationId: string }) {
  const { t, i18n } = useTranslation(['organisations', 'common']);
  const keys = useApiKeys(organisationId);
  const revoke = useRevokeApiKey(organisationId);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <Card title={t('apiKeys.listTitle')} id="api-keys">
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {keys.isPending ? <LoadingState /> : null}
      {keys.isError ? (
        <Alert tone="error">
          <p>{errorMessage(keys.error, t)}</p>
          <Button variant="secondary" size="small" onPress={() => void keys.refetch()}>
            {t('list.retry')}
          </Button>
        </Alert>
      ) : null}
      {keys.data?.length === 0 ? <p className={styles.meta}>{t('apiKeys.empty')}</p> : null}
      {keys.data && keys.data.length > 0 ? (
        <ul className={styles.members} aria-label={t('apiKeys.listTitle')}>
          {keys.data.map((key) => (
            <li key={key.id} className={styles.member}>
              <div>
                <p className={styles.memberName}>{key.name}</p>
                <p className={`${styles.meta} ${styles.address}`}>
                  {t('apiKeys.meta', {
                    hint: `${key.hint}…`,
                    created: formatDateTime(key.created_at, i18n.language),
                    lastUsed: key.last_used_at
                      ? formatDateTime(key.last_used_at, i18n.language)
                      : t('apiKeys.neverUsed'),
                  })}
                </p>
                {key.revoked_at ? (
                  <p className={styles.meta}>
                    {t('apiKeys.revokedOn', { date: formatDateTime(key.revoked_at, i18n.language) })}
                  </p>
                ) : null}
              </div>
              {key.revoked_at ? null : (
                <div className={styles.memberControls}>
                  <Button
                    variant="danger"
                    size="small"
                    aria-label={t('apiKeys.revokeLabel', { name: key.name })}
                    onPress={() => {
                      setNotice(null);
                      setRevoking(key);
                    }}
                  >
                    {t('apiKeys.revoke')}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        isOpen={revoking !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setRevoking(null);
        }}
        title={revoking ? t('apiKeys.revokeTitle', { name: revoking.name }) : ''}
        confirmLabel={t('apiKeys.revokeConfirm')}
        variant="danger"
        onConfirm={async () => {
          if (!revoking) return;
          await revoke.mutateAsync(revoking.id);
          setNotice(t('apiKeys.revoked', { name: revoking.name }));
        }}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>{t('apiKeys.revokeBody')}</p>
      </ConfirmDialog>
    </Card>
  );
}
