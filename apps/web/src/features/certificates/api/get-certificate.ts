import { type ResaleCertificate, ResaleCertificateSchema } from '@nbr/domain/resale-certificates';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const certificateQueryKey = (certificateId: string) => ['resale-certificates', certificateId] as const;

/** GET /resale-certificates/{id} — the certificate, whether it is genuine and what changed since (anyone). */
export function getCertificate(certificateId: string, signal?: AbortSignal): Promise<ResaleCertificate> {
  return api.get(`/resale-certificates/${encodeURIComponent(certificateId)}`, {
    schema: ResaleCertificateSchema,
    signal,
  });
}

export const certificateQueryOptions = (certificateId: string) =>
  queryOptions({
    queryKey: certificateQueryKey(certificateId),
    queryFn: ({ signal }) => getCertificate(certificateId, signal),
    // 'Not found' is an answer the page explains itself (withdrawn with its account, or never made).
    meta: { pageData: false },
  });

export function useCertificate(certificateId: string) {
  return useQuery(certificateQueryOptions(certificateId));
}
