import { REMOTE_OPEN_REASON_MAX_LENGTH } from '@nbr/domain/docks';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogActions } from '../../../ui/dialog.tsx';
import { TextAreaField } from '../../../ui/text-area-field.tsx';

/**
 * Asks the operator why (a remote opening, taking a lock out of service): the reason is required and
 * kept in the lock's history and the audit log. `onConfirm` answers what to show afterwards, or null
 * to close; a failure's text stays in the dialog.
 */
export function ReasonDialog({
  isOpen,
  onOpenChange,
  title,
  intro,
  confirmLabel,
  onConfirm,
  describeError,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  intro: ReactNode;
  confirmLabel: string;
  onConfirm: (reason: string) => Promise<{ tone: 'success' | 'warning' | 'error'; text: string } | null>;
  describeError: (error: unknown) => string;
}) {
  const { t } = useTranslation(['docks', 'common']);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [isPending, setPending] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'warning' | 'error'; text: string } | null>(null);

  const close = (open: boolean) => {
    if (isPending) return;
    if (!open) {
      setReason('');
      setMissing(false);
      setResult(null);
    }
    onOpenChange(open);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    setPending(true);
    setResult(null);
    try {
      const shown = await onConfirm(reason.trim());
      if (shown) setResult(shown);
      else close(false);
    } catch (error) {
      setResult({ tone: 'error', text: describeError(error) });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog isOpen={isOpen} onOpenChange={close} title={title} isDismissable={!isPending}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <p>{intro}</p>
        <TextAreaField
          label={t('operate.reason')}
          description={t('operate.reasonHelp')}
          rows={3}
          maxLength={REMOTE_OPEN_REASON_MAX_LENGTH}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setMissing(false);
          }}
          error={missing ? 'required' : null}
          isRequired
          autoFocus
        />
        {result ? (
          <Alert tone={result.tone}>
            <p>{result.text}</p>
          </Alert>
        ) : null}
        <DialogActions>
          <Button variant="secondary" onPress={() => close(false)} isDisabled={isPending}>
            {result ? t('common:actions.close') : t('common:actions.cancel')}
          </Button>
          {result?.tone === 'success' ? null : (
            <Button type="submit" isPending={isPending}>
              {confirmLabel}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
