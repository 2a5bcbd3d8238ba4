import { LOCK_LABEL_MAX_LENGTH, type OperatorLock } from '@nbr/domain/docks';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogActions } from '../../../ui/dialog.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useUpdateLockLabel } from '../api/update-lock-label.ts';

/** The label printed on a lock ("A3"), as people see it in the app. */
export function LabelDialog({
  dockId,
  lock,
  isOpen,
  onOpenChange,
}: {
  dockId: string;
  lock: OperatorLock;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const { t } = useTranslation(['docks', 'common']);
  const [label, setLabel] = useState(lock.label);
  const update = useUpdateLockLabel(dockId);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await update.mutateAsync({ lockId: lock.id, label: label.trim() });
      onOpenChange(false);
    } catch {
      // Shown below from the mutation's error.
    }
  };
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t('operate.relabelTitle', { label: lock.label })}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('operate.label')}
          description={t('operate.labelHelp')}
          maxLength={LOCK_LABEL_MAX_LENGTH}
          value={label}
          onChange={setLabel}
          error={label.trim() ? null : 'required'}
          autoFocus
        />
        {update.isError ? (
          <Alert tone="error">
            <p>{errorMessage(update.error, t)}</p>
          </Alert>
        ) : null}
        <DialogActions>
          <Button variant="secondary" onPress={() => onOpenChange(false)}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" isPending={update.isPending} isDisabled={!label.trim()}>
            {t('common:actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
