import {
  type NationalSignInComplete,
  type NationalSignInCompleteResponse,
  NationalSignInCompleteResponseSchema,
} from '@nbr/domain/national-sign-in';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /identities/national-sign-ins/complete — a token, or a sign-up ticket for a new person. */
export function completeNationalSignIn(
  payload: NationalSignInComplete,
): Promise<NationalSignInCompleteResponse> {
  return api.post('/identities/national-sign-ins/complete', payload, {
    schema: NationalSignInCompleteResponseSchema,
    auth: false,
  });
}

export function useCompleteNationalSignIn() {
  return useMutation({ mutationFn: completeNationalSignIn });
}
