import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';

/** A page whose data could not be loaded (404 and server errors go to the shell's error pages). */
export function TheftLoadError({
  title,
  error,
  retry,
}: {
  title: string;
  error: unknown;
  retry: () => void;
}) {
  const { t } = useTranslation(['theft', 'common']);
  return (
    <PageLayout title={title}>
      <Alert tone="error" title={t('loadFailed')}>
        <p>{errorMessage(error, t)}</p>
        <Button variant="secondary" size="small" onPress={retry}>
          {t('common:actions.tryAgain')}
        </Button>
      </Alert>
    </PageLayout>
  );
}
