import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface ResetPasswordInput {
  code: string;
  newPassword: string;
}

/** POST …/password-resets/{code}/validate — sets the new password and ends every session of the user. */
export function resetPassword({ code, newPassword }: ResetPasswordInput): Promise<void> {
  return api
    .post<unknown>(
      `/identities/authentications/password-resets/${encodeURIComponent(code)}/validate`,
      { new_password: newPassword },
      { auth: false },
    )
    .then(() => {});
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
