import { type OwnResaleCertificate, OwnResaleCertificateSchema } from '@nbr/domain/resale-certificates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { bikeCertificatesQueryKey } from './get-bike-certificates.ts';

/** POST /resale-certificates/{id}/revoke — its issuer withdraws it. */
export function revokeCertificate(certificateId: string): Promise<OwnResaleCertificate> {
  return api.post(`/resale-certificates/${encodeURIComponent(certificateId)}/revoke`, undefined, {
    schema: OwnResaleCertificateSchema,
  });
}

export function useRevokeCertificate(bikeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCertificate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bikeCertificatesQueryKey(bikeId) }),
  });
}
