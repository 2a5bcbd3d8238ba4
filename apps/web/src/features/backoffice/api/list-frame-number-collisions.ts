import { type FrameNumberCollisions, FrameNumberCollisionsSchema } from '@nbr/domain/bikes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /backoffice/frame-number-collisions — frame numbers several bikes share once folded (staff). */
export function listFrameNumberCollisions(signal?: AbortSignal): Promise<FrameNumberCollisions> {
  return api.get('/backoffice/frame-number-collisions', { schema: FrameNumberCollisionsSchema, signal });
}

export const frameNumberCollisionsQueryOptions = () =>
  queryOptions({
    queryKey: ['backoffice', 'frame-number-collisions'] as const,
    queryFn: ({ signal }) => listFrameNumberCollisions(signal),
    staleTime: 60_000,
  });

export function useFrameNumberCollisions() {
  return useQuery(frameNumberCollisionsQueryOptions());
}
