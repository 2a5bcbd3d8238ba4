import { STAFF_REASON_MIN_LENGTH } from '@nbr/domain/backoffice-people';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, type ButtonVariant } from '../../../ui/button.tsx';
import { Dialog, DialogActions } from '../../../ui/dialog.tsx';
import { TextField } from '../../../ui/text-field.tsx';

export interface ReasonDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  variant?: Extract<ButtonVariant, 'primary' | 'danger'>;
  /** Called with the trimmed reason; the dialog closes when it resolves and shows the error when it fails. */
  onConfirm: (reason: string) => Promise<unknown>;
}

/**
 * Asks staff why (a ticket reference or a free text) before they do something to a person's account
 * or read private data; the API keeps the reason in the audit and shows it to the person.
 */
export function ReasonDialog({
  isOpen,
  onOpenChange,
  title,
  children,
  confirmLabel,
  variant = 'primary',
  onConfirm,
}: ReasonDialogProps) {
  const { t } = useTranslation('backoffice');
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);

  const close = (open: boolean) => {
    if (isPending) return;
    if (!open) {
      setReason('');
      setFieldError(null);
      setFailure(null);
    }
    onOpenChange(open);
  };

  const confirm = async () => {
    const trimmed = reason.trim();
    if (trimmed.length < STAFF_REASON_MIN_LENGTH) {
      setFieldError('required');
      return;
    }
    setPending(true);
    setFailure(null);
    try {
      await onConfirm(trimmed);
      setPending(false);
      setReason('');
      onOpenChange(false);
    } catch (error) {
      setPending(false);
      setFailure(errorMessage(error, t));
    }
  };

  return (
    <Dialog isOpen={isOpen} onOpenChange={close} title={title} isDismissable={!isPending}>
      {children}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <TextField
          label={t('reason.label')}
          description={t('reason.hint')}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setFieldError(null);
          }}
          error={fieldError}
          autoFocus
        />
        {failure ? (
          <Alert tone="error">
            <p>{failure}</p>
          </Alert>
        ) : null}
        <DialogActions>
          <Button variant="secondary" onPress={() => close(false)} isDisabled={isPending}>
            {t('reason.cancel')}
          </Button>
          <Button type="submit" variant={variant} isPending={isPending}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
