import { type OwnResaleCertificate, OwnResaleCertificateSchema } from '@nbr/domain/resale-certificates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { bikeCertificatesQueryKey } from './get-bike-certificates.ts';

/** POST /bikes/{bike_id}/resale-certificates — the register signs the bike's history (201). */
export function issueCertificate(bikeId: string): Promise<OwnResaleCertificate> {
  return api.post(`/bikes/${encodeURIComponent(bikeId)}/resale-certificates`, undefined, {
    schema: OwnResaleCertificateSchema,
  });
}

export function useIssueCertificate(bikeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => issueCertificate(bikeId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bikeCertificatesQueryKey(bikeId) }),
  });
}
