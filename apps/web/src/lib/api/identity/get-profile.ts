import { type Profile, ProfileSchema } from '@nbr/domain/identity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';

/** The same key the session uses when it adopts the account's language and region after login. */
export const profileQueryKey = ['identities', 'me'] as const;

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return api.get('/identities/me', { schema: ProfileSchema, signal });
}

export const profileQueryOptions = queryOptions({
  queryKey: profileQueryKey,
  queryFn: ({ signal }) => getProfile(signal),
});

export function useProfile() {
  return useQuery(profileQueryOptions);
}
