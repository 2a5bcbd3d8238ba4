import type { Bike } from '@nbr/domain/bikes';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';

/**
 * What a page of one bike shows until the bike has come: the load error with a retry (a 404 goes to
 * the shell's 404 page) or the loading state.
 */
export function BikeFallback({ bike, title }: { bike: UseQueryResult<Bike>; title: string }) {
  const { t } = useTranslation(['bikes', 'common']);
  if (bike.isError) {
    return (
      <LoadErrorPage
        title={title}
        alertTitle={t('detail.loadFailed')}
        error={bike.error}
        retry={() => void bike.refetch()}
      />
    );
  }
  return <LoadingState />;
}
