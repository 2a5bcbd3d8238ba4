import {
  type OwnershipVerification,
  OwnershipVerificationSchema,
  type VerificationFrameStep,
  type VerificationOwnerStep,
} from '@nbr/domain/ownership';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bikeQueryKey } from '../../../lib/api/bikes/get-bike.ts';
import { api } from '../../../lib/api-client.ts';

/*
 * Verify ownership (SPEC §2): a frame-number picture with the number typed, a receipt or other proof,
 * then submit to the staff queue. not_started → draft → submitted → approved | rejected.
 */

export const verificationQueryKey = (bikeId: string) => ['ownership-verification', bikeId] as const;

const verificationPath = (bikeId: string) => `/bikes/${encodeURIComponent(bikeId)}/ownership-verification`;

/** GET /bikes/{id}/ownership-verification — the state of the owner's verification of the bike. */
export function getVerification(bikeId: string, signal?: AbortSignal): Promise<OwnershipVerification> {
  return api.get(verificationPath(bikeId), { schema: OwnershipVerificationSchema, signal });
}

export function verificationQueryOptions(bikeId: string) {
  return queryOptions({
    queryKey: verificationQueryKey(bikeId),
    queryFn: ({ signal }) => getVerification(bikeId, signal),
  });
}

export function useVerification(bikeId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...verificationQueryOptions(bikeId), enabled: options.enabled ?? true });
}

function useVerificationSettled(bikeId: string) {
  const queryClient = useQueryClient();
  return (verification: OwnershipVerification) => {
    queryClient.setQueryData(verificationQueryKey(bikeId), verification);
    void queryClient.invalidateQueries({ queryKey: bikeQueryKey(bikeId) });
  };
}

export function useSaveFrameStep(bikeId: string) {
  const settled = useVerificationSettled(bikeId);
  return useMutation({
    mutationFn: (input: VerificationFrameStep) =>
      api.put(`${verificationPath(bikeId)}/frame`, input, { schema: OwnershipVerificationSchema }),
    onSuccess: settled,
  });
}

export function useSaveOwnerStep(bikeId: string) {
  const settled = useVerificationSettled(bikeId);
  return useMutation({
    mutationFn: (input: VerificationOwnerStep) =>
      api.put(`${verificationPath(bikeId)}/owner`, input, { schema: OwnershipVerificationSchema }),
    onSuccess: settled,
  });
}

export function useSubmitVerification(bikeId: string) {
  const settled = useVerificationSettled(bikeId);
  return useMutation({
    mutationFn: () =>
      api.post(`${verificationPath(bikeId)}/submit`, {}, { schema: OwnershipVerificationSchema }),
    onSuccess: settled,
  });
}
