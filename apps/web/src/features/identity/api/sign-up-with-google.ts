import { type GoogleSignUp, type GoogleSignUpResponse, GoogleSignUpResponseSchema } from '@nbr/domain/google';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /identities/google — creates the account (or signs in the one Google's address belongs to). */
export function signUpWithGoogle(payload: GoogleSignUp): Promise<GoogleSignUpResponse> {
  return api.post('/identities/google', payload, { schema: GoogleSignUpResponseSchema, auth: false });
}

export function useSignUpWithGoogle() {
  return useMutation({ mutationFn: signUpWithGoogle });
}
