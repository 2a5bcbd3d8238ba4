import { PreRegistrationUploadResultSchema } from '@nbr/domain/insurance-admin';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /insurance/{insurer}/admin/pre-registrations — the insurer's existing contents customers as
 * CSV text. A 422 lists every bad row at [body, csv, line, column]; nothing is stored then.
 */
export function uploadPreRegistrations(insurerPartyId: string, csv: string): Promise<{ stored: number }> {
  return api.post(
    `/insurance/${encodeURIComponent(insurerPartyId)}/admin/pre-registrations`,
    { csv },
    { schema: PreRegistrationUploadResultSchema },
  );
}

export function useUploadPreRegistrations(insurerPartyId: string) {
  return useMutation({ mutationFn: (csv: string) => uploadPreRegistrations(insurerPartyId, csv) });
}
