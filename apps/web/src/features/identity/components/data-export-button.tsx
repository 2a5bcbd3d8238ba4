import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, type ButtonVariant } from '../../../ui/button.tsx';
import { useExportMyData } from '../api/export-my-data.ts';
import styles from '../settings.module.css';
import { NotWhileSwitched } from './not-while-switched.tsx';

/** Downloads everything the register holds about the user as a JSON file (GDPR Art. 15 and 20). */
export function DataExportButton({ variant = 'secondary' }: { variant?: ButtonVariant }) {
  const { isSwitched } = useSession();
  // The export is the person's own data, handed to them: not to staff using the account.
  if (isSwitched) return <NotWhileSwitched />;
  return <ExportButton variant={variant} />;
}

function ExportButton({ variant }: { variant: ButtonVariant }) {
  const { t } = useTranslation(['settings', 'common']);
  const exportData = useExportMyData();
  return (
    <div className={styles.stack}>
      <Button
        variant={variant}
        size="small"
        onPress={() => exportData.mutate()}
        isPending={exportData.isPending}
      >
        {t('settings:data.download')}
      </Button>
      {exportData.isSuccess ? <Alert tone="success">{t('settings:data.downloaded')}</Alert> : null}
      {exportData.isError ? <Alert tone="error">{errorMessage(exportData.error, t)}</Alert> : null}
    </div>
  );
}
