import { type ReactNode, useState } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Alert } from './alert.tsx';
import { Button, type ButtonVariant } from './button.tsx';
import styles from './dialog.module.css';

export interface DialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  children: ReactNode;
  /** Whether a click outside closes it (Escape always does, unless the dialog is busy). */
  isDismissable?: boolean;
  role?: 'dialog' | 'alertdialog';
}

/** A modal dialog: traps focus, closes on Escape, returns focus to what opened it. */
export function Dialog({
  isOpen,
  onOpenChange,
  title,
  children,
  isDismissable = true,
  role = 'dialog',
}: DialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      className={styles.overlay}
    >
      <Modal className={styles.modal}>
        <AriaDialog role={role} className={styles.dialog}>
          <Heading slot="title" className={styles.heading}>
            {title}
          </Heading>
          {children}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}

export interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  variant?: Extract<ButtonVariant, 'primary' | 'danger'>;
  /** May be async: the dialog shows progress, stays open on failure and shows the error text. */
  onConfirm: () => unknown | Promise<unknown>;
  /** Turns a failure of onConfirm into a text for the user. */
  describeError?: (error: unknown) => string;
}

/** Asks before doing something that matters. Escape and Cancel leave everything as it was. */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  children,
  confirmLabel,
  cancelLabel,
  variant = 'primary',
  onConfirm,
  describeError,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (failure) {
      setError(describeError ? describeError(failure) : t('errors.unexpected'));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!isPending) {
          setError(null);
          onOpenChange(open);
        }
      }}
      title={title}
      role="alertdialog"
      isDismissable={!isPending}
    >
      {children}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <DialogActions>
        <Button variant="secondary" onPress={() => onOpenChange(false)} isDisabled={isPending}>
          {cancelLabel ?? t('actions.cancel')}
        </Button>
        <Button variant={variant} onPress={confirm} isPending={isPending}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
