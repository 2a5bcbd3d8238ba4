import { type StaffCloseSerialResponse, StaffCloseSerialResponseSchema } from '@nbr/domain/close-serial';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /backoffice/close-serial-search — frame numbers within two edits of the typed one (staff, issue 32 §3). */
export function searchCloseSerials(q: string, signal?: AbortSignal): Promise<StaffCloseSerialResponse> {
  return api.get('/backoffice/close-serial-search', {
    query: { q },
    schema: StaffCloseSerialResponseSchema,
    signal,
  });
}

export function useCloseSerials(q: string) {
  return useQuery({
    queryKey: ['backoffice', 'close-serial-search', q] as const,
    queryFn: ({ signal }) => searchCloseSerials(q, signal),
    enabled: q !== '',
    meta: { pageData: false },
  });
}
