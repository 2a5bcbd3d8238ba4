import { type GoogleConfiguration, GoogleConfigurationSchema } from '@nbr/domain/google';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /identities/google/configuration — whether Google sign-in is on, and where it starts. */
export function getGoogleConfiguration(signal?: AbortSignal): Promise<GoogleConfiguration> {
  return api.get('/identities/google/configuration', {
    schema: GoogleConfigurationSchema,
    signal,
    auth: false,
  });
}

/** Read by the Google button on /login and /signup, and by their loaders. */
export function googleConfigurationQuery() {
  return queryOptions({
    queryKey: ['identities', 'google', 'configuration'],
    queryFn: ({ signal }) => getGoogleConfiguration(signal),
    // It changes only with a deployment.
    staleTime: 60 * 60 * 1000,
  });
}

export function useGoogleConfiguration() {
  return useQuery(googleConfigurationQuery());
}
