import {
  type NationalSignInStart,
  type NationalSignInStartResponse,
  NationalSignInStartResponseSchema,
} from '@nbr/domain/national-sign-in';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /identities/national-sign-ins — the MitID/BankID address and the signed transaction. */
export function startNationalSignIn(payload: NationalSignInStart): Promise<NationalSignInStartResponse> {
  return api.post('/identities/national-sign-ins', payload, {
    schema: NationalSignInStartResponseSchema,
    auth: false,
  });
}

export function useStartNationalSignIn() {
  return useMutation({ mutationFn: startNationalSignIn });
}
