import type { StickerBatch } from '@nbr/domain/plates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogActions } from '../../../ui/dialog.tsx';
import { ErrorSummary } from '../../../ui/form.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useAssignStickerBatch } from '../api/assign-sticker-batch.ts';
import { useStickerAssignees } from '../api/search-sticker-assignees.ts';
import styles from '../backoffice-ops.module.css';

/** Admins pick the organisation (a dealer, a business, an insurer…) a batch goes to, or take it back. */
export function AssignBatchDialog({
  batch,
  isOpen,
  onOpenChange,
}: {
  batch: StickerBatch;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const { t } = useTranslation('backoffice-ops');
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), 250);
  const assignees = useStickerAssignees(query, { enabled: isOpen });
  const assign = useAssignStickerBatch();

  const choose = (organisationPartyId: string | null) =>
    assign.mutate({ batchId: batch.id, organisationPartyId }, { onSuccess: () => onOpenChange(false) });

  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange} title={t('plates.assignTitle')}>
      <ErrorSummary message={assign.isError ? errorMessage(assign.error, t) : null} />
      <TextField
        label={t('plates.assigneeSearch')}
        type="search"
        value={text}
        onChange={setText}
        autoComplete="off"
      />
      <p className={staffPage.status} role="status">
        {assignees.data && assignees.data.length === 0 ? t('plates.noAssignees') : ''}
      </p>
      {assignees.data && assignees.data.length > 0 ? (
        <ul className={staffPage.list} aria-label={t('plates.assignees')}>
          {assignees.data.map((organisation) => (
            <li key={organisation.party_id} className={styles.choice}>
              <span>
                <strong>{organisation.name}</strong>{' '}
                <span className={styles.muted}>
                  ({t(`organisationTypes.${organisation.type}`, organisation.type)})
                </span>
              </span>
              <Button
                size="small"
                variant="secondary"
                isPending={
                  assign.isPending && assign.variables?.organisationPartyId === organisation.party_id
                }
                onPress={() => choose(organisation.party_id)}
                aria-label={t('plates.assignTo', { name: organisation.name })}
              >
                {t('plates.choose')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <DialogActions>
        {batch.assigned_to ? (
          <Button
            variant="danger"
            onPress={() => choose(null)}
            isPending={assign.isPending && assign.variables?.organisationPartyId === null}
          >
            {t('plates.unassign')}
          </Button>
        ) : null}
        <Button variant="secondary" onPress={() => onOpenChange(false)}>
          {t('cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
