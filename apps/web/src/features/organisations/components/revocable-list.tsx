import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import styles from '../organisations.module.css';

/** What a list of revocable things (invitations, API keys) says about one item and its revoking. */
export interface RevocableItemTexts {
  /** The revoke button's accessible name, naming the item. */
  buttonLabel: string;
  /** The confirmation dialog's title, naming the item. */
  dialogTitle: string;
  /** Shown above the list once it is revoked. */
  revokedNotice: string;
}

/**
 * An organisation's list of things its admins can revoke, in a card: loading, an error with a retry,
 * the empty text, each item with a revoke button (`isRevocable`) that asks first in a dialog, and
 * the notice once done.
 */
export function RevocableList<Item extends { id: string }>({
  title,
  cardId,
  listLabel,
  query,
  emptyText,
  renderItem,
  isRevocable = () => true,
  textsOf,
  revokeText,
  confirmText,
  dialogBody,
  revoke,
}: {
  title: string;
  cardId: string;
  listLabel?: string;
  query: UseQueryResult<Item[]>;
  emptyText: string;
  renderItem: (item: Item) => ReactNode;
  isRevocable?: (item: Item) => boolean;
  textsOf: (item: Item) => RevocableItemTexts;
  revokeText: string;
  confirmText: string;
  dialogBody: string;
  revoke: (id: string) => Promise<unknown>;
}) {
  const { t } = useTranslation(['organisations', 'common']);
  const [revoking, setRevoking] = useState<Item | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <Card title={title} id={cardId}>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {query.isPending ? <LoadingState /> : null}
      {query.isError ? (
        <Alert tone="error">
          <p>{errorMessage(query.error, t)}</p>
          <Button variant="secondary" size="small" onPress={() => void query.refetch()}>
            {t('list.retry')}
          </Button>
        </Alert>
      ) : null}
      {query.data?.length === 0 ? <p className={styles.meta}>{emptyText}</p> : null}
      {query.data && query.data.length > 0 ? (
        <ul className={styles.members} aria-label={listLabel}>
          {query.data.map((item) => (
            <li key={item.id} className={styles.member}>
              <div>{renderItem(item)}</div>
              {isRevocable(item) ? (
                <div className={styles.memberControls}>
                  <Button
                    variant="danger"
                    size="small"
                    aria-label={textsOf(item).buttonLabel}
                    onPress={() => {
                      setNotice(null);
                      setRevoking(item);
                    }}
                  >
                    {revokeText}
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        isOpen={revoking !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setRevoking(null);
        }}
        title={revoking ? textsOf(revoking).dialogTitle : ''}
        confirmLabel={confirmText}
        variant="danger"
        onConfirm={async () => {
          if (!revoking) return;
          await revoke(revoking.id);
          setNotice(textsOf(revoking).revokedNotice);
        }}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>{dialogBody}</p>
      </ConfirmDialog>
    </Card>
  );
}
