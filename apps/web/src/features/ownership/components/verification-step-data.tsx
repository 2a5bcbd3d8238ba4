import type { Bike } from '@nbr/domain/bikes';
import type { OwnershipVerification } from '@nbr/domain/ownership';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { useBike } from '../../../lib/api/bikes/get-bike.ts';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useVerification } from '../api/verification.ts';

/**
 * What both verification steps show: the bike and its verification, or — until both have come —
 * the error page (with a retry of both) or the loading state.
 */
export function useVerificationStepData(
  bikeId: string,
  title: string,
): { bike: Bike; verification: OwnershipVerification } | { fallback: ReactElement } {
  const { t } = useTranslation('ownership');
  const bike = useBike(bikeId);
  const verification = useVerification(bikeId);
  const failed = (bike.isError && !bike.data) || (verification.isError && !verification.data);
  if (failed) {
    return {
      fallback: (
        <LoadErrorPage
          alertTitle={t('loadFailed')}
          title={title}
          error={bike.error ?? verification.error}
          retry={() => {
            void bike.refetch();
            void verification.refetch();
          }}
        />
      ),
    };
  }
  if (!bike.data || !verification.data) return { fallback: <LoadingState /> };
  return { bike: bike.data, verification: verification.data };
}
