import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api-errors.ts';
import { Alert, type AlertProps } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { PageLayout, type PageLayoutProps } from '../ui/page-layout.tsx';

export interface LoadErrorProps {
  /** What could not be loaded, in the words of the screen that asked (its own namespace). */
  title: string;
  error: unknown;
  retry: () => void;
  announce?: AlertProps['announce'];
}

/** Data that could not be loaded, with a retry (404 and server errors go to the shell's error pages). */
export function LoadError({ title, error, retry, announce }: LoadErrorProps) {
  const { t } = useTranslation('common');
  return (
    <Alert tone="error" title={title} announce={announce}>
      <p>{errorMessage(error, t)}</p>
      <Button variant="secondary" size="small" onPress={retry}>
        {t('actions.tryAgain')}
      </Button>
    </Alert>
  );
}

/** A page whose data could not be loaded: the page's own title above the load error (`alertTitle`). */
export function LoadErrorPage({
  title,
  alertTitle,
  width,
  error,
  retry,
}: Omit<LoadErrorProps, 'title' | 'announce'> & {
  title: string;
  alertTitle: string;
  width?: PageLayoutProps['width'];
}) {
  return (
    <PageLayout title={title} width={width}>
      <LoadError title={alertTitle} error={error} retry={retry} />
    </PageLayout>
  );
}
