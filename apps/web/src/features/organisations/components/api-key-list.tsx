import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { useApiKeys } from '../api/get-api-keys.ts';
import { useRevokeApiKey } from '../api/revoke-api-key.ts';
import styles from '../organisations.module.css';
import { RevocableList } from './revocable-list.tsx';

/** The organisation's keys with their first characters and last use; a live one can be revoked. */
export function ApiKeyList({ organisationId }: { organisationId: string }) {
  const { t, i18n } = useTranslation(['organisations', 'common']);
  const keys = useApiKeys(organisationId);
  const revoke = useRevokeApiKey(organisationId);

  return (
    <RevocableList
      title={t('apiKeys.listTitle')}
      cardId="api-keys"
      listLabel={t('apiKeys.listTitle')}
      query={keys}
      emptyText={t('apiKeys.empty')}
      renderItem={(key) => (
        <>
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
        </>
      )}
      isRevocable={(key) => !key.revoked_at}
      textsOf={(key) => ({
        buttonLabel: t('apiKeys.revokeLabel', { name: key.name }),
        dialogTitle: t('apiKeys.revokeTitle', { name: key.name }),
        revokedNotice: t('apiKeys.revoked', { name: key.name }),
      })}
      revokeText={t('apiKeys.revoke')}
      confirmText={t('apiKeys.revokeConfirm')}
      dialogBody={t('apiKeys.revokeBody')}
      revoke={(id) => revoke.mutateAsync(id)}
    />
  );
}
