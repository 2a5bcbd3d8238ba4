import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { Dialog, DialogActions } from '../../../ui/dialog.tsx';

/** Asked when leaving a form with unsaved changes; the draft stays on this device either way. */
export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation('bikes');
  return (
    <Dialog
      isOpen={blocker.state === 'blocked'}
      onOpenChange={(isOpen) => {
        if (!isOpen && blocker.state === 'blocked') blocker.reset();
      }}
      title={t('unsaved.title')}
    >
      <p>{t('unsaved.body')}</p>
      <DialogActions>
        <Button variant="secondary" onPress={() => blocker.reset?.()}>
          {t('unsaved.stay')}
        </Button>
        <Button onPress={() => blocker.proceed?.()}>{t('unsaved.leave')}</Button>
      </DialogActions>
    </Dialog>
  );
}
