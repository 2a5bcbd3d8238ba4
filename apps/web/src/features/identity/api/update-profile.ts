import {
  type ProfileSaveResponse,
  ProfileSaveResponseSchema,
  type ProfileUpdate,
} from '@nbr/domain/identity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileQueryKey } from '../../../lib/api/identity/get-profile.ts';
import { api } from '../../../lib/api-client.ts';

/** PUT /identities/me — `save_status` is `partial` while a changed e-mail waits for its link. */
export function updateProfile(update: ProfileUpdate): Promise<ProfileSaveResponse> {
  return api.put('/identities/me', update, { schema: ProfileSaveResponseSchema });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ save_status: _status, ...profile }) => {
      queryClient.setQueryData(profileQueryKey, profile);
    },
  });
}
