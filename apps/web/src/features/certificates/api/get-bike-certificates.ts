import {
  type OwnResaleCertificateList,
  OwnResaleCertificateListSchema,
} from '@nbr/domain/resale-certificates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const bikeCertificatesQueryKey = (bikeId: string) => ['bikes', bikeId, 'resale-certificates'] as const;

/** GET /bikes/{bike_id}/resale-certificates — the certificates the owner issued for their bike. */
export function getBikeCertificates(bikeId: string, signal?: AbortSignal): Promise<OwnResaleCertificateList> {
  return api.get(`/bikes/${encodeURIComponent(bikeId)}/resale-certificates`, {
    schema: OwnResaleCertificateListSchema,
    signal,
  });
}

export const bikeCertificatesQueryOptions = (bikeId: string) =>
  queryOptions({
    queryKey: bikeCertificatesQueryKey(bikeId),
    queryFn: ({ signal }) => getBikeCertificates(bikeId, signal),
  });

export function useBikeCertificates(bikeId: string) {
  return useQuery({ ...bikeCertificatesQueryOptions(bikeId), throwOnError: false });
}
