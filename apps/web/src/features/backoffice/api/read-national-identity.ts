import { type NationalIdentityCheck, NationalIdentityChecksSchema } from '@nbr/domain/backoffice-people';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /backoffice/identities/{id}/national-identity — the checks, for a reason kept in the audit (admins). */
export function readNationalIdentity(partyId: string, reason: string): Promise<NationalIdentityCheck[]> {
  return api.post(
    `/backoffice/identities/${encodeURIComponent(partyId)}/national-identity`,
    { reason },
    {
      schema: NationalIdentityChecksSchema,
    },
  );
}

export function useReadNationalIdentity(partyId: string) {
  return useMutation({ mutationFn: (reason: string) => readNationalIdentity(partyId, reason) });
}
