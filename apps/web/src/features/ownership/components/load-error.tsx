import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';

/** Data that could not be loaded, with a retry (404 and server errors go to the shell's error pages). */
export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation(['ownership', 'common']);
  return (
    <Alert tone="error" title={t('loadFailed')}>
      <p>{errorMessage(error, t)}</p>
      <Button variant="secondary" size="small" onPress={retry}>
        {t('common:actions.tryAgain')}
      </Button>
    </Alert>
  );
}

export function LoadErrorPage({ title, error, retry }: { title: string; error: unknown; retry: () => void }) {
  return (
    <PageLayout title={title}>
      <LoadError error={error} retry={retry} />
    </PageLayout>
  );
}
